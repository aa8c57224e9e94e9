// The text of the legal page (spec §2 Legal page): privacy, terms, cookies and accessibility.
// The facts the spec fixes (minimum age, response times, liability cap, standards) are named
// constants so the text and the product cannot drift apart.

/** Who runs this Tapnet and how to reach them; an operator deploying Tapnet sets their own here. */
export const OPERATOR = {
  name: 'Tapnet',
  privacyEmail: 'privacy@tapnet.example',
  supportEmail: 'support@tapnet.example',
  accessibilityEmail: 'accessibility@tapnet.example',
  postalAddress: 'Tapnet Accessibility Feedback, 1 Example Street, 1000 Example City, European Union',
} as const;

export const LAST_UPDATED = '23 November 2026';
/** Spec §4 Registration: nobody younger may hold an account. */
export const MINIMUM_AGE = 16;
export const DELETION_DAYS = 30;
export const RESPONSE_DAYS = 30;
export const LIABILITY_CAP_EUR = 100;
export const ACCESSIBILITY_RESPONSE_BUSINESS_DAYS = 2;

export interface PolicySection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export interface PolicyDocument {
  id: 'privacy' | 'terms' | 'cookies' | 'accessibility';
  title: string;
  summary: string;
  sections: PolicySection[];
}

const privacy: PolicyDocument = {
  id: 'privacy',
  title: 'Privacy Policy',
  summary:
    'What Tapnet keeps about you, why, for how long, and how you stay in control of it. We keep only what the app needs to work, we never sell your data and we do not show advertising.',
  sections: [
    {
      heading: 'Who is responsible',
      paragraphs: [
        `${OPERATOR.name} is the controller of the personal data processed in the app, under the EU General Data Protection Regulation (GDPR). For anything about your data, write to ${OPERATOR.privacyEmail}.`,
      ],
    },
    {
      heading: 'What we keep',
      items: [
        'Your account: name, e-mail address, date of birth (only to confirm you are old enough), the date you joined and when you last signed in. Your password is stored only as a one-way hash; nobody at Tapnet can read it.',
        'Your business card: what you choose to put on it (pronouns, name, company, role, e-mail, phone, LinkedIn and website) and the ID of the NFC card you link to it. Your card page is public: anyone who taps your card or opens its link sees it.',
        'Your contacts: the cards you save, your notes on them, the flags you set, and the place where you met when you let your browser share your location at that moment.',
        'Invitations: when someone saves your card we note who saved it, so you can add them back. The invitation is deleted as soon as you accept or deny it.',
        'Card analytics: views, taps, link clicks and saves of your card page, with the time, the kind of referrer and whether the visitor was on a mobile device. We do not store the IP address or any identifier of the visitor.',
        'Security records: failed sign-in attempts (to lock an account under attack), one-time verification codes and password-reset links, each stored only as a hash.',
      ],
    },
    {
      heading: 'Why we use it',
      items: [
        'To provide the service you signed up for: your account, your card page, your contacts and invitations (GDPR Art. 6(1)(b), performance of a contract).',
        'To keep Tapnet secure and to understand, in aggregate, how it is used (Art. 6(1)(f), legitimate interests). Your IP address is used only briefly to limit repeated requests and is not stored with your data.',
        'To record where you met someone, only when you agree in your browser (Art. 6(1)(a), consent). You can withdraw it at any time in your browser settings.',
      ],
    },
    {
      heading: 'Who else sees it',
      paragraphs: [
        'The people you meet see your business card, and a card they save becomes their contact: they keep that copy as their own record and can delete it. Our hosting and e-mail providers process data for us under data processing agreements. We share nothing with advertisers or data brokers.',
      ],
    },
    {
      heading: 'How long we keep it',
      items: [
        `Account, business card, contacts, notes, meeting locations and card analytics: until you delete your account. Deleting it removes them from the app at once and from every copy, backups included, within ${DELETION_DAYS} days of your request.`,
        'Invitations: until you answer them, or until either account is deleted.',
        'Verification codes: 10 minutes. Password-reset links: one hour. Sign-in sessions: until they expire or you log out.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'Under the GDPR you may ask for a copy of your data, have it corrected or erased, restrict or object to its use, receive it in a portable format, and withdraw any consent you gave. Most of it you can see and change yourself in the app, and you can delete your account in Settings.',
        `Write to ${OPERATOR.privacyEmail}; we answer every request within ${RESPONSE_DAYS} days. You may also complain to the data protection authority of the country where you live or work.`,
      ],
    },
    {
      heading: 'Minimum age',
      paragraphs: [
        `Tapnet is for people aged ${MINIMUM_AGE} and over; registration asks for your date of birth to make sure. If we learn that an account belongs to someone younger, we delete it.`,
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'All traffic is encrypted in transit. Passwords are hashed with a memory-hard algorithm, sign-ins last 15 minutes before they are silently renewed, and repeated failed sign-ins lock an account for a while.',
      ],
    },
  ],
};

const terms: PolicyDocument = {
  id: 'terms',
  title: 'Terms of Service',
  summary:
    'The agreement between you and Tapnet when you use the app, your card page and your NFC card. Please read it before you register.',
  sections: [
    {
      heading: 'Who may use Tapnet',
      paragraphs: [
        `You must be at least ${MINIMUM_AGE} years old and give true details when you register. An account is for one person; keep your password to yourself and tell us at ${OPERATOR.supportEmail} if you think someone else has used it.`,
      ],
    },
    {
      heading: 'Your card and your card page',
      paragraphs: [
        'Linking an NFC card to your account publishes your business card at that card’s page, where anyone who taps the card or opens its link can read it and save it. Put on it only what you are happy to share. If you lose your card, link a new one: the old one stops showing your details.',
      ],
    },
    {
      heading: 'Contacts and invitations',
      paragraphs: [
        'When you save someone’s card, they are invited to add you back; they are free to accept or deny. Save only the cards of people who gave them to you, and use the details you collect only to stay in touch with them.',
      ],
    },
    {
      heading: 'Acceptable use',
      items: [
        'No unlawful, misleading or offensive content on your card or in your notes about others.',
        'No pretending to be someone else, and no cards made for people who did not agree.',
        'No spam, no automated collection of cards or contacts, and no attempts to break or overload the service.',
      ],
    },
    {
      heading: 'Your content',
      paragraphs: [
        'What you put into Tapnet stays yours. You allow us to store it and show it as the app works: your card to the people you share it with, your contacts and notes only to you.',
      ],
    },
    {
      heading: 'Availability',
      paragraphs: [
        'We work to keep Tapnet running and it keeps working offline on your device, but we cannot promise that it is always available or free of errors. We may change features as the product develops and will tell you in the app before anything you rely on goes away.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        `Our total liability to you for all claims arising from your use of Tapnet is limited to ${LIABILITY_CAP_EUR} EUR. This limit does not apply to damage we cause intentionally or through gross negligence, to injury to life, body or health, or where the law of your country does not allow liability to be limited.`,
      ],
    },
    {
      heading: 'Ending the agreement',
      paragraphs: [
        'You can delete your account at any time in Settings; your data is then removed as the Privacy Policy describes. We may suspend or close an account that seriously or repeatedly breaks these terms, and will tell you why.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        `We announce changes to these terms in the app at least 30 days before they take effect. Questions go to ${OPERATOR.supportEmail}. Nothing in these terms takes away the protection the consumer law of your country gives you.`,
      ],
    },
  ],
};

const cookies: PolicyDocument = {
  id: 'cookies',
  title: 'Cookie Policy',
  summary:
    'Tapnet uses no tracking or advertising cookies and no third-party cookies. To keep you signed in and to work offline, the app stores a few things in your browser’s own storage.',
  sections: [
    {
      heading: 'Local storage',
      items: [
        'Your sign-in (an access token and a refresh token), your role and your e-mail address, so you stay signed in between visits.',
        'Steps you are in the middle of: a pending e-mail verification, a card waiting to be activated, or a card you chose to save before signing in (forgotten after 30 minutes).',
        'Small preferences: the tab you last chose under your contacts, contacts you dismissed, and when you last visited.',
      ],
    },
    {
      heading: 'IndexedDB and the offline cache',
      items: [
        'A copy of your contacts, so they open instantly and without a connection. It is refreshed from the server and kept for at most 7 days without a refresh.',
        'Contacts you saved while offline, until they have reached the server.',
        'The app’s own files, kept by its service worker so that Tapnet starts without a connection.',
      ],
    },
    {
      heading: 'Why no consent banner',
      paragraphs: [
        'Everything above is strictly necessary for the service you asked for, so the ePrivacy rules do not require consent for it. Nothing is used to follow you across other websites. If we ever wanted to use storage for anything else, we would ask you first.',
      ],
    },
    {
      heading: 'Third parties',
      paragraphs: [
        'The map of your contacts loads map images from a tile service. Like any website you visit, that service receives your IP address when your browser asks for the images; it sets no cookies through Tapnet.',
      ],
    },
    {
      heading: 'Removing it',
      paragraphs: [
        'Logging out removes your sign-in from this browser. You can delete everything Tapnet stored on a device by clearing the site data for Tapnet in your browser’s settings.',
      ],
    },
  ],
};

const accessibility: PolicyDocument = {
  id: 'accessibility',
  title: 'Accessibility',
  summary:
    'Tapnet is meant to be usable by everyone, including people who use a keyboard, a screen reader, magnification or voice control. This statement says how far we are and how to tell us where we fall short.',
  sections: [
    {
      heading: 'Standards we follow',
      items: [
        'Web Content Accessibility Guidelines (WCAG) 2.1, level AA.',
        'EN 301 549, the European standard for accessible ICT products and services.',
        'The European Accessibility Act (Directive (EU) 2019/882) and the national laws that implement it.',
      ],
    },
    {
      heading: 'What we do',
      paragraphs: [
        'Every screen can be used with a keyboard alone, controls have labels a screen reader announces, messages are announced as they appear, and the layout adapts to small screens and to text enlarged to 200%. Each release is checked with automated accessibility tests and by hand.',
      ],
    },
    {
      heading: 'Known limitations',
      items: [
        'The contacts map is visual. Every contact on it is also in your contact list, where the same details can be read without the map.',
        'Content that people write themselves, such as the text on their business cards, may not always be clear to everyone.',
      ],
    },
    {
      heading: 'Feedback and contact',
      paragraphs: [
        `If something in Tapnet is hard or impossible for you to use, tell us and we will help you get the information another way. We aim to reply within ${ACCESSIBILITY_RESPONSE_BUSINESS_DAYS} business days.`,
      ],
      items: [`By e-mail: ${OPERATOR.accessibilityEmail}`, `By post: ${OPERATOR.postalAddress}`],
    },
    {
      heading: 'Enforcement',
      paragraphs: [
        'If our answer does not satisfy you, you can contact the authority responsible for enforcing the European Accessibility Act in your country.',
      ],
    },
  ],
};

export const POLICY_DOCUMENTS: readonly PolicyDocument[] = [privacy, terms, cookies, accessibility];
