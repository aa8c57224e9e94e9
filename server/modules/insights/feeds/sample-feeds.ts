// A small news and events set for a fresh install with no feeds configured, dated relative to the day it
// is loaded so that the insights screens are alive on first start. Links point at example.org (reserved
// for examples): the set says what Tapnet does with real feeds, it is not news.

import { DAY_MS, HOUR_MS } from '../../../platform/time';
import type { FeedEntry } from './entries';
import type { FeedSource } from './item-store';

export const SAMPLE_NEWS_SOURCE: FeedSource & { title: string } = {
  url: 'sample:news',
  kind: 'news',
  title: 'Tapnet sample news',
};
export const SAMPLE_EVENTS_SOURCE: FeedSource & { title: string } = {
  url: 'sample:events',
  kind: 'events',
  title: 'Tapnet sample events',
};

interface SampleNews {
  title: string;
  body: string;
  categories: string[];
  hoursAgo: number;
  location?: string;
}

const NEWS: readonly SampleNews[] = [
  {
    title: 'Regional banks move core systems to the cloud',
    body: 'Three mid-sized European banks said they will move their core banking systems to public cloud providers by next year. The move follows new guidance from regulators on outsourcing. Executives expect lower running costs and faster product launches. Critics warn about concentration risk with a handful of providers.',
    categories: ['Finance', 'Cloud Computing'],
    hoursAgo: 2,
    location: 'Frankfurt, Germany',
  },
  {
    title: 'Hospitals adopt AI triage assistants in emergency rooms',
    body: 'A group of hospitals in the United Kingdom has started using artificial intelligence to help triage patients in emergency departments. Nurses review every suggestion before it is used. Early results show shorter waiting times for the most urgent cases. The trial will be extended to twelve more sites in spring.',
    categories: ['Healthcare', 'Artificial Intelligence'],
    hoursAgo: 4,
    location: 'London, United Kingdom',
  },
  {
    title: 'Seed funding for climate start-ups reaches a new high',
    body: 'Investors put more money into seed-stage climate technology companies this quarter than in any quarter before. Battery recycling and grid software drew the largest rounds. Founders say customers now ask for measurable emissions cuts. Analysts expect Series A rounds to follow within a year.',
    categories: ['Energy', 'Clean Technology', 'Seed'],
    hoursAgo: 6,
  },
  {
    title: 'Retailers test cashier-free stores with computer vision',
    body: 'Several grocery chains are testing stores where shoppers walk out without queuing at a till. Cameras and shelf sensors track what is taken. Privacy groups ask for clear rules on how long footage is kept. The chains say no faces are stored.',
    categories: ['Retail', 'Artificial Intelligence', 'Internet of Things'],
    hoursAgo: 8,
    location: 'Seattle, United States',
  },
  {
    title: 'Ransomware attacks on manufacturers rise sharply',
    body: 'Security researchers report that attacks on factories doubled compared with last year. Many plants still run old control systems that were never meant to be online. Experts recommend separating office and production networks. Insurers are raising premiums for firms without tested backups.',
    categories: ['Manufacturing', 'Cybersecurity', 'Insurance'],
    hoursAgo: 10,
  },
  {
    title: 'Singapore opens a sandbox for tokenised bonds',
    body: 'The Singapore central bank opened a test programme for bonds issued on blockchain networks. Banks can settle trades in minutes instead of days. The programme runs for eighteen months. Results will shape rules for the wider market.',
    categories: ['Finance', 'Blockchain', 'Fintech'],
    hoursAgo: 12,
    location: 'Singapore',
  },
  {
    title: 'Universities expand data analytics degrees for working adults',
    body: 'Universities across Canada are adding part-time degrees in data analytics. Employers help pay the fees and shape the courses. Most lectures are online, with workshops on campus once a month. Demand has grown fastest among mid-career managers.',
    categories: ['Education', 'Data Analytics'],
    hoursAgo: 14,
    location: 'Toronto, Canada',
  },
  {
    title: 'Logistics firms bet on autonomous yard trucks',
    body: 'Logistics companies are buying self-driving trucks that move trailers around distribution yards. The trucks never leave private ground, which keeps regulation simple. Operators report fewer accidents at night. Drivers are retrained to supervise several vehicles at once.',
    categories: ['Transportation & Logistics', 'Robotics', 'Automation'],
    hoursAgo: 16,
    location: 'Rotterdam, Netherlands',
  },
  {
    title: 'Telecom operators share 5G towers to cut costs',
    body: 'Four mobile operators agreed to share 5G masts in rural areas. Customers should see better coverage outside cities within two years. The operators expect to save a third of their building costs. Competition regulators approved the deal with conditions.',
    categories: ['Telecommunications', '5G'],
    hoursAgo: 18,
    location: 'Munich, Germany',
  },
  {
    title: 'Open source maintainers get a new funding programme',
    body: 'A group of technology companies launched a fund that pays maintainers of widely used open source libraries. Grants cover security audits and long-term maintenance. The first round supports forty projects. Applications for the second round open next month.',
    categories: ['Technology', 'Open Source', 'Cybersecurity'],
    hoursAgo: 20,
  },
  {
    title: 'Property developers turn to digital twins',
    body: 'Real estate developers in Sydney are building digital models of towers before construction starts. The models help plan energy use and maintenance. Tenants can see how a space will feel before signing. Builders say fewer changes are needed on site.',
    categories: ['Real Estate', 'Construction', 'Virtual Reality'],
    hoursAgo: 22,
    location: 'Sydney, Australia',
  },
  {
    title: 'Quantum computing start-up raises Series B',
    body: 'A quantum computing company based in Zurich raised a Series B round to build larger machines. The company sells time on its computers to chemistry and finance researchers. It plans to double its staff. The round was led by a European deep-tech fund.',
    categories: ['Technology', 'Quantum Computing', 'Series B'],
    hoursAgo: 26,
    location: 'Zurich, Switzerland',
  },
  {
    title: 'Food makers use machine learning to cut waste',
    body: 'Food and beverage producers are using machine learning to predict demand more accurately. Better forecasts mean less unsold stock. One dairy cut its waste by a fifth in six months. Smaller firms can now buy the same tools as a service.',
    categories: ['Food & Beverage', 'Machine Learning'],
    hoursAgo: 30,
  },
  {
    title: 'Edge computing brings faster checkouts to stadiums',
    body: 'Sports venues in Tokyo installed edge computing servers to speed up payments and video replays. Fans wait less at food stands. The servers keep working when the internet connection drops. Organisers plan to use them at concerts too.',
    categories: ['Media & Entertainment', 'Edge Computing'],
    hoursAgo: 34,
    location: 'Tokyo, Japan',
  },
];

interface SampleEvent {
  title: string;
  body: string;
  categories: string[];
  inDays: number;
  hours: number;
  location: string;
}

const EVENTS: readonly SampleEvent[] = [
  {
    title: 'AI in Practice Conference',
    body: 'Two days of talks on putting artificial intelligence into production, with case studies from banks, hospitals and retailers.',
    categories: ['Conference', 'Technology', 'Artificial Intelligence'],
    inDays: 5,
    hours: 8,
    location: 'Berlin, Germany',
  },
  {
    title: 'Fintech Founders Meetup',
    body: 'An evening for founders and investors in financial technology. Short pitches, then networking.',
    categories: ['Meetup', 'Finance', 'Fintech', 'Seed'],
    inDays: 3,
    hours: 3,
    location: 'London, United Kingdom',
  },
  {
    title: 'Cloud Security Workshop',
    body: 'A hands-on workshop on securing cloud accounts: identity, logging and incident response.',
    categories: ['Workshop', 'Cloud Computing', 'Cybersecurity'],
    inDays: 8,
    hours: 4,
    location: 'Online',
  },
  {
    title: 'Healthcare Innovation Summit',
    body: 'Hospital leaders, start-ups and researchers on digital health, data sharing and patient safety.',
    categories: ['Summit', 'Healthcare', 'Data Analytics'],
    inDays: 12,
    hours: 8,
    location: 'Boston, United States',
  },
  {
    title: 'Smart Manufacturing Trade Show',
    body: 'Robotics, sensors and software for factories, with live demonstrations on the show floor.',
    categories: ['Trade Show', 'Manufacturing', 'Robotics', 'Internet of Things'],
    inDays: 20,
    hours: 9,
    location: 'Munich, Germany',
  },
  {
    title: 'Startup Pitch Night',
    body: 'Ten early-stage start-ups pitch to a panel of investors. Open to everyone.',
    categories: ['Startup Pitch', 'Pre-Seed', 'Seed'],
    inDays: 6,
    hours: 3,
    location: 'Amsterdam, Netherlands',
  },
  {
    title: 'Data Analytics Webinar: Dashboards that Work',
    body: 'How to build dashboards people actually use, with examples from retail and logistics.',
    categories: ['Webinar', 'Data Analytics', 'Retail'],
    inDays: 2,
    hours: 1,
    location: 'Online',
  },
  {
    title: 'Clean Energy Networking Breakfast',
    body: 'Meet people working on renewable energy, storage and grid software over breakfast.',
    categories: ['Networking Event', 'Energy', 'Clean Technology'],
    inDays: 9,
    hours: 2,
    location: 'Toronto, Canada',
  },
  {
    title: 'Blockchain Developers Hackathon',
    body: 'A weekend of building on open blockchain networks, with prizes for the best projects.',
    categories: ['Hackathon', 'Blockchain', 'Open Source'],
    inDays: 15,
    hours: 30,
    location: 'Singapore',
  },
  {
    title: 'Real Estate Technology Seminar',
    body: 'Digital twins, smart buildings and online leasing for property professionals.',
    categories: ['Seminar', 'Real Estate', 'Internet of Things'],
    inDays: 18,
    hours: 4,
    location: 'Sydney, Australia',
  },
];

/** The sample news, published over the last day and a half before `now`. */
export function sampleNews(now: Date): FeedEntry[] {
  return NEWS.map((item, index) => ({
    title: item.title,
    url: `https://example.org/tapnet-sample/news/${index + 1}`,
    body: item.body,
    categories: item.categories,
    location: item.location ?? '',
    startsAt: new Date(now.getTime() - item.hoursAgo * HOUR_MS),
    endsAt: null,
    isAllDay: false,
  }));
}

/** The sample events, over the coming three weeks, each starting at 09:00 UTC on its day. */
export function sampleEvents(now: Date): FeedEntry[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return EVENTS.map((event, index) => {
    const startsAt = new Date(today + event.inDays * DAY_MS + 9 * HOUR_MS);
    return {
      title: event.title,
      url: `https://example.org/tapnet-sample/events/${index + 1}`,
      body: event.body,
      categories: event.categories,
      location: event.location,
      startsAt,
      endsAt: new Date(startsAt.getTime() + event.hours * HOUR_MS),
      isAllDay: false,
      uid: `sample-${index + 1}@tapnet`,
    };
  });
}
