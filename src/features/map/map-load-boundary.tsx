// The map's code could not be loaded (offline before the app was ever cached, or a deploy removed the
// old chunk): say so in place of the map, and keep the screen and its way back working.
import { Component, type ReactNode } from 'react';

export class MapLoadBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { hasFailed: boolean }
> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}
