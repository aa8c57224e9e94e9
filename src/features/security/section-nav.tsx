// Section navigation for the long dashboard (issue 30 point 2): a phone page is some 14,000 px, so the
// operator jumps to a part instead of scrolling past the others.
import styles from './dashboard.module.css';

export interface DashboardSectionLink {
  id: string;
  label: string;
}

export function SectionNav({ sections }: { sections: readonly DashboardSectionLink[] }) {
  return (
    <nav aria-label="Dashboard sections" className={styles.sectionNav}>
      <ul>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
