// The bottom panel of /contacts (spec §4): Map and Notes tabs for the selected contact. Map by default,
// collapsed by default, both remembered; on phones a vertical swipe on its handle opens or closes it.
import { lazy, Suspense, type TouchEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Contact } from '../../../contract/contacts';
import { Stored } from '../../session/browser-storage';
import { Icon } from '../../ui/icon';
import { type TabItem, Tabs, tabPanelProps } from '../../ui/tabs';
import styles from './contacts.module.css';
import { ContactMessages } from './messages';
import { NotesEditor } from './notes-editor';

// The map library is big: it loads the first time the Map tab is open, never with the screen.
const ContactLocationMap = lazy(() => import('../../map/contact-location-map'));

type PanelTab = 'map' | 'notes';
const TABS: readonly TabItem<PanelTab>[] = [
  { id: 'map', label: 'Map' },
  { id: 'notes', label: 'Notes' },
];
const ID_PREFIX = 'contact-panel';

/** Spec §9. */
export const MOBILE_BREAKPOINT_PX = 768;
export const PANEL_SWIPE_THRESHOLD_PX = 30;

function readTab(): PanelTab {
  return Stored.contactsPanelTab.read() ?? 'map';
}

function readExpanded(): boolean {
  return Stored.contactsPanelExpanded.read() === true;
}

interface ContactPanelProps {
  contact: Contact | null;
  /** Entering edit mode lowers the panel, so it does not cover the card's Delete and Send Card. */
  isEditing: boolean;
  /** Beside the card on a wide screen (issue 27): always open, covering nothing, so no toggle. */
  isDocked?: boolean;
}

export function ContactPanel({ contact, isEditing, isDocked = false }: ContactPanelProps) {
  const [tab, setTab] = useState<PanelTab>(readTab);
  const [isExpandedChoice, setIsExpanded] = useState(readExpanded);
  const isExpanded = isDocked || isExpandedChoice;
  const swipeStartY = useRef<number | null>(null);
  const isDisabled = contact === null;

  useEffect(() => Stored.contactsPanelTab.write(tab), [tab]);
  useEffect(() => Stored.contactsPanelExpanded.write(isExpandedChoice), [isExpandedChoice]);
  useEffect(() => {
    if (isEditing) setIsExpanded(false);
  }, [isEditing]);

  function selectTab(next: PanelTab) {
    setTab(next);
    setIsExpanded(true);
  }

  function handleTouchStart(event: TouchEvent<HTMLDivElement>) {
    const isPhone = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`).matches;
    swipeStartY.current = isPhone && !isDisabled ? (event.touches[0]?.clientY ?? null) : null;
  }

  function handleTouchEnd(event: TouchEvent<HTMLDivElement>) {
    const start = swipeStartY.current;
    const end = event.changedTouches[0]?.clientY;
    swipeStartY.current = null;
    if (start === null || end === undefined) return;
    if (Math.abs(end - start) > PANEL_SWIPE_THRESHOLD_PX) setIsExpanded((expanded) => !expanded);
  }

  const location =
    contact && contact.lat !== null && contact.lng !== null ? { lat: contact.lat, lng: contact.lng } : null;

  return (
    <section
      className={`${styles.panel} ${isExpanded ? styles.panelExpanded : ''} ${isDocked ? styles.panelDocked : ''}`}
      aria-label="Contact details"
    >
      <div className={styles.panelHandle} onTouchStart={handleTouchStart} onTouchEnd={handleTouchEnd}>
        <span className={styles.grabber} aria-hidden="true" />
        <div className={styles.panelBar}>
          <Tabs
            label="Contact details"
            idPrefix={ID_PREFIX}
            tabs={TABS}
            selected={tab}
            onSelect={selectTab}
            isDisabled={isDisabled}
          />
          {!isDocked && (
            <button
              type="button"
              className={styles.panelToggle}
              aria-expanded={isExpanded}
              aria-controls={tabPanelProps(ID_PREFIX, tab).id}
              aria-label={isExpanded ? 'Collapse panel' : 'Expand panel'}
              disabled={isDisabled}
              onClick={() => setIsExpanded((expanded) => !expanded)}
            >
              <span className={isExpanded ? styles.chevronDown : undefined}>
                <Icon name="chevronUp" />
              </span>
            </button>
          )}
        </div>
      </div>
      {TABS.map(({ id }) => {
        const isShown = isExpanded && tab === id;
        return (
          <div key={id} {...tabPanelProps(ID_PREFIX, id)} className={styles.panelBody} hidden={!isShown}>
            {isShown && id === 'map' && <MapTab contact={contact} location={location} />}
            {isShown &&
              id === 'notes' &&
              (contact ? (
                <NotesEditor key={contact._id} contact={contact} />
              ) : (
                <p className={styles.panelEmpty}>{ContactMessages.selectForNotes}</p>
              ))}
          </div>
        );
      })}
    </section>
  );
}

function MapTab({
  contact,
  location,
}: {
  contact: Contact | null;
  location: { lat: number; lng: number } | null;
}) {
  if (!contact) return <p className={styles.panelEmpty}>{ContactMessages.selectForLocation}</p>;
  return (
    <div className={styles.mapTab}>
      <p className={styles.mapNote}>
        {location ? contact.whereMet && `Met ${contact.whereMet}` : ContactMessages.noLocation}{' '}
        <Link to="/map">All contacts on the map</Link>
      </p>
      <div className={styles.mapFrame}>
        <Suspense fallback={<p className={styles.panelEmpty}>Loading map…</p>}>
          <ContactLocationMap location={location} />
        </Suspense>
      </div>
    </div>
  );
}
