// /policy: the legal documents in one tabbed page (spec §2 Legal page). The open tab is in the
// address (?doc=terms), so a document can be linked to directly.
import { type KeyboardEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Panel } from '../../ui/panel';
import { Screen } from '../../ui/screen';
import styles from './policy.module.css';
import { LAST_UPDATED, POLICY_DOCUMENTS, type PolicyDocument } from './policy-documents';

const EMAIL_ADDRESS = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** The documents are plain text; the addresses in them become mailto links. */
function withEmailLinks(text: string) {
  return text.split(EMAIL_ADDRESS).map((part, index) =>
    index % 2 === 1 ? (
      <a key={part} href={`mailto:${part}`}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/** Which key moves the selection where, following the WAI-ARIA tabs pattern. */
function nextIndex(key: string, current: number, count: number): number | null {
  if (key === 'ArrowRight') return (current + 1) % count;
  if (key === 'ArrowLeft') return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function PolicyScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = Math.max(
    0,
    POLICY_DOCUMENTS.findIndex((document) => document.id === searchParams.get('doc')),
  );
  const selected = POLICY_DOCUMENTS[selectedIndex] ?? POLICY_DOCUMENTS[0];

  function select(index: number) {
    const document = POLICY_DOCUMENTS[index];
    if (document) setSearchParams({ doc: document.id }, { replace: true, preventScrollReset: true });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = nextIndex(event.key, selectedIndex, POLICY_DOCUMENTS.length);
    if (index === null) return;
    event.preventDefault();
    select(index);
    tabs.current[index]?.focus();
  }

  return (
    <Screen title="Policy Documents" backTo="/settings" width="reading">
      <div role="tablist" aria-label="Policy documents" className={styles.tabs} onKeyDown={handleKeyDown}>
        {POLICY_DOCUMENTS.map((document, index) => {
          const isSelected = index === selectedIndex;
          return (
            <button
              key={document.id}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`policy-tab-${document.id}`}
              aria-selected={isSelected}
              aria-controls={`policy-panel-${document.id}`}
              tabIndex={isSelected ? 0 : -1}
              className={styles.tab}
              onClick={() => select(index)}
            >
              {document.title}
            </button>
          );
        })}
      </div>
      {selected && <PolicyPanel document={selected} />}
    </Screen>
  );
}

function PolicyPanel({ document }: { document: PolicyDocument }) {
  return (
    <Panel
      role="tabpanel"
      id={`policy-panel-${document.id}`}
      aria-labelledby={`policy-tab-${document.id}`}
      tabIndex={0}
      className={styles.document}
      title={document.title}
      description={`Last updated ${LAST_UPDATED}`}
    >
      <p className={styles.summary}>{document.summary}</p>
      {document.sections.map((section) => (
        <section key={section.heading} className={styles.section}>
          <h3 className={styles.sectionHeading}>{section.heading}</h3>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph}>{withEmailLinks(paragraph)}</p>
          ))}
          {section.items && (
            <ul className={styles.items}>
              {section.items.map((item) => (
                <li key={item}>{withEmailLinks(item)}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </Panel>
  );
}
