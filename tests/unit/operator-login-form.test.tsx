// The operator login form (insights-and-operators.md §2, §5, §8) as an operator uses it: the e-mail it
// starts with, the spec's message for a missing field, inputs that wait while the request runs, and the
// caller's message on a refusal.
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorLoginRequest } from '../../contract/operators';
import { OperatorLoginForm, type OperatorLoginResult } from '../../src/ui/operator-login-form';

let root: Root | undefined;
let container: HTMLElement;

function render(
  onLogIn: (credentials: OperatorLoginRequest) => Promise<OperatorLoginResult>,
  notice?: string,
  onSecondFactor: (code: string) => Promise<OperatorLoginResult> = async () => ({ ok: true }),
) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(
    <OperatorLoginForm
      title="Admin Dashboard"
      description="For the operator who runs Tapnet."
      submitLabel="Log In"
      defaultEmail="admin@tapnet.test"
      notice={notice ?? null}
      idPrefix="admin-login"
      onLogIn={onLogIn}
      onSecondFactor={onSecondFactor}
      onPasskey={async () => ({ ok: false, message: 'No passkey here' })}
    />,
  );
}

afterEach(() => {
  root?.unmount();
  container.remove();
});

function input(label: string): HTMLInputElement {
  const found = [...container.querySelectorAll('label')].find((element) => element.textContent === label);
  const element = found && container.querySelector(`#${found.htmlFor}`);
  if (!(element instanceof HTMLInputElement)) throw new Error(`No input labelled ${label}`);
  return element;
}

/** Types as a person would: React listens to the input event with the native value changed. */
function type(label: string, value: string) {
  const element = input(label);
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

function submitButton(): HTMLButtonElement {
  const button = container.querySelector('button[type="submit"]');
  if (!(button instanceof HTMLButtonElement)) throw new Error('No submit button');
  return button;
}

const alertText = () => container.querySelector('[role="alert"]')?.textContent ?? null;

describe('operator login form', () => {
  it('starts with the configured e-mail in an e-mail input', async () => {
    render(async () => ({ ok: true }));

    await vi.waitFor(() => expect(input('Email').value).toBe('admin@tapnet.test'));
    expect(input('Email').type).toBe('email');
    expect(input('Password').type).toBe('password');
  });

  it('asks for both fields without calling the server when one is empty', async () => {
    const onLogIn = vi.fn(async () => ({ ok: true }) as const);
    render(onLogIn);
    await vi.waitFor(() => expect(submitButton()).not.toBeNull());

    submitButton().click();

    await vi.waitFor(() => expect(alertText()).toBe('Please enter both email and password'));
    type('Email', '');
    type('Password', 'secret');
    submitButton().click();
    await vi.waitFor(() => expect(input('Email').value).toBe(''));
    expect(alertText()).toBe('Please enter both email and password');
    expect(onLogIn).not.toHaveBeenCalled();
  });

  it("shows 'Authenticating...' with the inputs disabled while the request runs, then the refusal", async () => {
    let answer: (result: OperatorLoginResult) => void = () => {};
    const onLogIn = vi.fn(() => new Promise<OperatorLoginResult>((resolve) => (answer = resolve)));
    render(onLogIn);
    await vi.waitFor(() => expect(submitButton()).not.toBeNull());
    type('Password', 'secret');

    submitButton().click();

    await vi.waitFor(() => expect(submitButton().textContent).toBe('Authenticating...'));
    expect(submitButton().disabled).toBe(true);
    expect(input('Email').disabled).toBe(true);
    expect(input('Password').disabled).toBe(true);
    expect(onLogIn).toHaveBeenCalledWith({ email: 'admin@tapnet.test', password: 'secret' });

    answer({ ok: false, message: 'Invalid email or password' });

    await vi.waitFor(() => expect(alertText()).toBe('Invalid email or password'));
    expect(submitButton().textContent).toBe('Log In');
    expect(input('Password').disabled).toBe(false);
  });

  it('asks for the code after a right password, and shows its refusal', async () => {
    const onSecondFactor = vi.fn(async () => ({ ok: false, message: 'That code is not right' }) as const);
    render(async () => ({ ok: true, needsCode: true }), undefined, onSecondFactor);
    await vi.waitFor(() => expect(submitButton()).not.toBeNull());
    type('Password', 'secret');
    submitButton().click();

    await vi.waitFor(() => expect(input('Authentication code')).toBeDefined());
    submitButton().click();
    await vi.waitFor(() => expect(alertText()).toBe('Please enter the code from your authenticator app'));
    type('Authentication code', ' 123456 ');
    submitButton().click();
    await vi.waitFor(() => expect(alertText()).toBe('That code is not right'));
    expect(onSecondFactor).toHaveBeenCalledWith('123456');
  });

  it('shows the message it opened with, e.g. an expired session', async () => {
    render(async () => ({ ok: true }), 'Admin session expired. Please log in again.');

    await vi.waitFor(() => expect(alertText()).toBe('Admin session expired. Please log in again.'));
  });
});
