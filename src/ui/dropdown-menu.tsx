// A menu button (WAI-ARIA menu button pattern) whose items go to other screens: arrow keys move
// through the items, Escape closes the menu and gives focus back to the button.
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import styles from './dropdown-menu.module.css';

export interface MenuLink {
  label: string;
  to: string;
}

interface DropdownMenuProps {
  /** The button's accessible name, e.g. 'Settings menu'. */
  label: string;
  /** What the button shows (an icon and, on wide screens, a word). */
  children: ReactNode;
  items: readonly MenuLink[];
  buttonClassName?: string;
}

export function DropdownMenu({ label, children, items, buttonClassName }: DropdownMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const focusOnOpen = useRef(0);

  useEffect(() => {
    if (!isOpen) return;
    itemRefs.current[focusOnOpen.current]?.focus();
    function closeOnOutsidePress(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    }
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [isOpen]);

  function open(focusIndex: number) {
    focusOnOpen.current = focusIndex;
    setIsOpen(true);
  }

  function close() {
    setIsOpen(false);
    buttonRef.current?.focus();
  }

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 0 : items.length - 1);
    }
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = itemRefs.current.indexOf(document.activeElement as HTMLAnchorElement);
    const moves: Record<string, number> = {
      ArrowDown: (current + 1) % items.length,
      ArrowUp: (current - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setIsOpen(false);
    } else if (moves[event.key] !== undefined) {
      event.preventDefault();
      itemRefs.current[moves[event.key] ?? 0]?.focus();
    }
  }

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => (isOpen ? setIsOpen(false) : open(0))}
        onKeyDown={handleButtonKeyDown}
      >
        {children}
      </button>
      {isOpen && (
        <div id={menuId} role="menu" aria-label={label} className={styles.menu} onKeyDown={handleMenuKeyDown}>
          {items.map((item, index) => (
            <Link
              key={item.to}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              to={item.to}
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
            >
              {item.label}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
