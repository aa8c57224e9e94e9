import type { Locator, Page } from '@playwright/test';
import { verificationCodeIn } from '../../support/mail-content';
import type { Mailbox, NewUser } from '../fixtures';

export class RegisterPage {
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly dateOfBirth: Locator;
  readonly submit: Locator;
  readonly codeDigits: Locator;
  readonly verify: Locator;
  readonly resendCode: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByLabel('Name');
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password', { exact: true });
    this.dateOfBirth = page.getByLabel('Date of birth');
    this.submit = page.getByRole('button', { name: 'Register' });
    this.codeDigits = page.getByRole('textbox', { name: /^Digit \d of 6$/ });
    this.verify = page.getByRole('button', { name: 'Verify' });
    this.resendCode = page.getByRole('button', { name: /Resend code/ });
  }

  async goto(): Promise<void> {
    await this.page.goto('/register');
  }

  async register(user: NewUser): Promise<void> {
    await this.name.fill(user.name);
    await this.email.fill(user.email);
    await this.password.fill(user.password);
    await this.dateOfBirth.fill(user.dateOfBirth);
    await this.submit.click();
  }

  /** Registers, then types the e-mailed code and verifies, as a newcomer does. */
  async registerAndVerify(user: NewUser, mailbox: Mailbox): Promise<void> {
    await this.register(user);
    const mail = await mailbox.waitForMail(user.email, { subject: 'verification code' });
    await this.enterCode(verificationCodeIn(mail));
    await this.verify.click();
  }

  // Types the code digit by digit, as a user does; focus moves on by itself.
  async enterCode(code: string): Promise<void> {
    await this.codeDigits.first().click();
    await this.page.keyboard.type(code);
  }
}
