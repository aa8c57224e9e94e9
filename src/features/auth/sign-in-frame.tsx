// The frame /login and /register share: their titles, what they say when a card sent the user there
// (a card to save or to activate), and the link over to the other of the two.
import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import { Notice } from '../../ui/notice';
import { AuthLayout } from './auth-layout';
import { type SignInPurpose, SignInPurposeText } from './sign-in-purpose';

type SignInScreen = 'login' | 'register';

const TITLE: Record<SignInScreen, string> = { login: 'Log in', register: 'Create your account' };
const SUBTITLE: Record<SignInScreen, string> = {
  login: 'Welcome back to your Tapnet contacts.',
  register: 'Share your card with a tap and keep every contact in one place.',
};
const ACTIVATE_SUBTITLE: Record<SignInScreen, (cardId: string) => string> = {
  login: SignInPurposeText.activateAfterLogin,
  register: SignInPurposeText.activateAfterRegistration,
};
const SAVE_CARD_NOTICE: Record<SignInScreen, (cardLabel: string) => string> = {
  login: SignInPurposeText.saveCardAfterLogin,
  register: SignInPurposeText.saveCardAfterRegistration,
};
const OTHER_WAY_QUESTION: Record<SignInScreen, string> = {
  login: 'New to Tapnet?',
  register: 'Already have an account?',
};
const OTHER_WAY_LINK: Record<SignInScreen, Record<SignInPurpose['kind'], string>> = {
  login: {
    none: 'Register',
    'activate-card': 'Create an account to activate it',
    'save-card': 'Create an account to save it',
  },
  register: { none: 'Log in', 'activate-card': 'Log in to activate it', 'save-card': 'Log in to save it' },
};

interface SignInFrameProps {
  screen: SignInScreen;
  purpose: SignInPurpose;
  /** Where the footer's link to the other screen leads, and the navigation state it carries. */
  otherWay: { to: To; state?: unknown };
  children: ReactNode;
}

export function SignInFrame({ screen, purpose, otherWay, children }: SignInFrameProps) {
  return (
    <AuthLayout
      title={purpose.kind === 'activate-card' ? SignInPurposeText.activateTitle : TITLE[screen]}
      subtitle={
        purpose.kind === 'activate-card' ? ACTIVATE_SUBTITLE[screen](purpose.cardId) : SUBTITLE[screen]
      }
      footer={
        <p>
          {OTHER_WAY_QUESTION[screen]}{' '}
          <Link to={otherWay.to} state={otherWay.state}>
            {OTHER_WAY_LINK[screen][purpose.kind]}
          </Link>
        </p>
      }
    >
      {purpose.kind === 'save-card' && (
        <Notice tone="info" title={SignInPurposeText.saveCardTitle(purpose.cardLabel)}>
          {SAVE_CARD_NOTICE[screen](purpose.cardLabel)}
        </Notice>
      )}
      {children}
    </AuthLayout>
  );
}
