// The category filter of the events screen and the topic filter of the news screen: the topics the
// listed items have, most common first.
import { LabelledSelect } from './labelled-select';

interface TopicFilterProps {
  id: string;
  label: string;
  /** Every item's topics, repeats included: how often a topic occurs orders the list. */
  topics: string[];
  value: string;
  onChange: (topic: string) => void;
}

function byFrequency(topics: string[]): string[] {
  const counts = new Map<string, number>();
  for (const topic of topics) counts.set(topic, (counts.get(topic) ?? 0) + 1);
  return [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || a.localeCompare(b));
}

export function TopicFilter({ topics, ...select }: TopicFilterProps) {
  return <LabelledSelect {...select} noneLabel="All" options={byFrequency(topics)} />;
}
