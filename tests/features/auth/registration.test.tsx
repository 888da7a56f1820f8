import { stripNonDigits } from '@domain/phone';
import { NAVIGATE_DELAY_MS } from '@machines/otp/otp.machine';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COMPANY_DETAILS,
  createLead,
  createVerifiedLead,
  requestCode,
  saveLead,
} from '../../server/helpers/auth-flow';
import {
  answerNextRequest,
  CODE_SENT,
  latestCode,
  nationalOf,
  renderApp,
  serverForFile,
  typeCode,
  uniquePhone,
} from './auth-harness';

/** A whole flow against the real server, with the 2-second waits the spec asks for: slow on a busy machine. */
const LONG_FLOW = 45_000;

const server = serverForFile();
afterEach(() => {
  vi.useRealTimers();
});

const field = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const submitPersonal = () => screen.getByRole('button', { name: 'המשך לאימות הטלפון' });
const storedRecord = () => JSON.parse(localStorage.getItem('lead-storage') ?? 'null');

async function fillPersonalDetails(user: UserEvent, phone: string, email = 'dana@example.co.il') {
  await user.type(field(/^שם פרטי/), 'דנה');
  await user.type(field(/^שם משפחה/), 'כהן');
  await user.type(field(/^אימייל/), email);
  await user.type(field(/^טלפון נייד/), nationalOf(phone));
  await user.click(screen.getByRole('checkbox', { name: /קראתי את תנאי השימוש/ }));
}

/** /register at its first step, and a user to fill it in. */
async function openRegistration() {
  const view = await renderApp('/register');
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'הרשמה' });
  return { ...view, user };
}

/** The server's 400 for one field of the lead, worded as its contract validation words it. */
function refusedField(path: string, message: string) {
  return new Response(
    JSON.stringify({
      success: false,
      Message: 'חלק מהנתונים שנשלחו אינם תקינים.',
      code: 'validation_failed',
      details: [{ path, message }],
    }),
    { status: 400, headers: { 'content-type': 'application/json' } },
  );
}

describe('registering', () => {
  it(
    'goes from personal details through the code and company details to the completion dialog',
    async () => {
      // Fake timers that follow real time: the 2-second wait before the code screen is advanced past.
      vi.useFakeTimers({
        shouldAdvanceTime: true,
        toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      });
      const phone = uniquePhone();
      const { router } = await renderApp('/register');
      const user = userEvent.setup();

      expect(await screen.findByRole('heading', { level: 1, name: 'הרשמה' })).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'שלב 1 מתוך 4' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'להתחברות' })).toHaveAttribute('href', '/login');
      expect(submitPersonal()).toBeDisabled();

      await fillPersonalDetails(user, phone, 'dana@');
      expect(submitPersonal()).toBeEnabled();
      expect(screen.queryByText('כתובת האימייל אינה תקינה')).not.toBeInTheDocument();

      await user.click(submitPersonal());
      expect(await screen.findByText('כתובת האימייל אינה תקינה')).toBeInTheDocument();
      expect(field(/^אימייל/)).toHaveFocus();
      expect(field(/^אימייל/)).toHaveAccessibleDescription('כתובת האימייל אינה תקינה');

      await user.type(field(/^אימייל/), 'example.co.il');
      expect(screen.queryByText('כתובת האימייל אינה תקינה')).not.toBeInTheDocument();

      await user.click(submitPersonal());
      expect(await screen.findByText(CODE_SENT)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/register');
      await act(() => vi.advanceTimersByTimeAsync(NAVIGATE_DELAY_MS));
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth/verify-otp'));
      const lead = storedRecord().state.lead as { id: string; registrationStep: number };
      expect(router.state.location.search).toEqual({
        type: 'registration',
        lead: lead.id,
        session: expect.any(String),
        phone,
      });
      expect(screen.getByRole('heading', { level: 1, name: 'אימות מספר הטלפון' })).toBeInTheDocument();
      expect(await screen.findByRole('progressbar', { name: 'שלב 2 מתוך 4' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await typeCode(user, await latestCode(server, phone));

      await waitFor(() => expect(router.state.location.pathname).toBe('/register/verified'));
      expect(router.state.location.search).toEqual({ l: lead.id });
      expect(storedRecord().state.lead).toMatchObject({ id: lead.id, registrationStep: 2 });
      expect(sessionStorage.getItem('otp-session')).toBeNull();
      expect(await screen.findByRole('heading', { level: 1, name: 'פרטי החברה' })).toBeInTheDocument();
      expect(await screen.findByRole('progressbar', { name: 'שלב 3 מתוך 4' })).toBeInTheDocument();

      const finish = await screen.findByRole('button', { name: 'סיום ההרשמה' });
      await user.click(finish);
      expect(screen.getAllByText('שדה חובה')).toHaveLength(3);
      expect(field(/^שם החברה/)).toHaveFocus();

      await user.type(field(/^שם החברה/), '  כהן נכסים  ');
      expect(screen.getAllByText('שדה חובה')).toHaveLength(2);
      await user.click(screen.getByRole('combobox', { name: /^תחום הפעילות/ }));
      await user.click(await screen.findByRole('option', { name: 'תיווך' }));
      await user.type(field(/^תפקיד/), 'מנהלת עסקאות');
      await user.click(finish);

      const dialog = await screen.findByRole('dialog', { name: 'ההרשמה הושלמה' });
      expect(
        within(dialog).getByText(
          'תודה שנרשמתם! צוות התמיכה שלנו יאמת את הפרטים שלכם וייצור איתכם קשר להשלמת ההרשמה.',
        ),
      ).toBeInTheDocument();
      expect(localStorage.getItem('jwt_token')).not.toBeNull();
      expect(localStorage.getItem('lead-storage')).toBeNull();

      await user.click(within(dialog).getAllByRole('button', { name: 'סגירה' }).at(-1) as HTMLElement);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(await screen.findByRole('heading', { level: 1, name: 'הנכסים שלי' })).toBeInTheDocument();
    },
    LONG_FLOW,
  );

  it("shows the server's objection to a field beside that field", async () => {
    const { user } = await openRegistration();
    await fillPersonalDetails(user, uniquePhone());
    answerNextRequest('/api/login/leads/save', refusedField('body/email', 'must match format "email"'));

    await user.click(submitPersonal());

    expect(await screen.findByText('כתובת האימייל אינה תקינה')).toBeInTheDocument();
    expect(field(/^אימייל/)).toHaveFocus();
    expect(screen.queryByText(CODE_SENT)).not.toBeInTheDocument();
  });

  it('says the limit when a pasted surname is longer than the 60 letters a name takes', async () => {
    const { user } = await openRegistration();
    const lastName = field(/^שם משפחה/);
    expect(lastName.maxLength).toBe(60);
    expect(field(/^שם פרטי/).maxLength).toBe(60);
    expect(field(/^אימייל/).maxLength).toBe(254);

    await user.click(lastName);
    await user.paste('ל'.repeat(150));

    expect(lastName.value).toBe('ל'.repeat(60));
    const cut = 'אפשר להזין עד 60 תווים, ולכן הטקסט שהודבק קוצר. כדאי לבדוק מה נשאר';
    expect(lastName).toHaveAccessibleDescription(cut);
    expect(screen.queryByText(/יכול להכיל אותיות/)).not.toBeInTheDocument();

    await user.type(lastName, '{Backspace}');
    expect(screen.queryByText(cut)).not.toBeInTheDocument();
  });

  it('names the limit when the server refuses an over-long name', async () => {
    const { user } = await openRegistration();
    await fillPersonalDetails(user, uniquePhone());
    answerNextRequest(
      '/api/login/leads/save',
      refusedField('body/lastName', 'must NOT have more than 60 characters'),
    );

    await user.click(submitPersonal());

    expect(await screen.findByText('אפשר להזין עד 60 תווים')).toBeInTheDocument();
    expect(field(/^שם משפחה/)).toHaveFocus();
  });

  it('keeps what was typed in the personal details through a reload', async () => {
    const { user, ...first } = await openRegistration();
    await user.type(field(/^שם פרטי/), 'יוסי');
    await user.type(field(/^טלפון נייד/), '0541234567');
    first.unmount();

    await renderApp('/register');

    expect(await screen.findByRole('textbox', { name: /^שם פרטי/ })).toHaveValue('יוסי');
    expect(stripNonDigits(field(/^טלפון נייד/).value)).toBe('0541234567');
  });

  it('shows company name and type locked when the lead already has them', async () => {
    const phone = uniquePhone();
    const lead = await createVerifiedLead(server.app, phone);
    const saved = await saveLead(server.app, {
      id: lead.id,
      firstName: 'דנה',
      lastName: 'כהן',
      email: 'dana@example.co.il',
      phoneNumber: phone,
      acceptedTerms: true,
      ...COMPANY_DETAILS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The lead this device created: its secret is in lead storage.
    localStorage.setItem(
      'lead-storage',
      JSON.stringify({ state: { leadSecret: { leadId: lead.id, secret: lead.leadSecret } }, version: 0 }),
    );
    const { router } = await renderApp(`/register/verified?l=${lead.id}`);
    const user = userEvent.setup();

    const name = await screen.findByRole('textbox', { name: /^שם החברה/ });
    expect(name).toBeDisabled();
    expect(name).toHaveValue(COMPANY_DETAILS.companyName);
    expect(screen.getByRole('combobox', { name: /^תחום הפעילות/ })).toBeDisabled();
    expect(screen.getAllByText('נשמר בשלב קודם של ההרשמה ואי אפשר לשנות אותו כאן')).toHaveLength(2);
    expect(field(/^תפקיד/)).toHaveValue(COMPANY_DETAILS.position);

    await user.click(screen.getByRole('button', { name: 'סיום ההרשמה' }));
    expect(await screen.findByRole('dialog', { name: 'ההרשמה הושלמה' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/verified');
  });
});

describe('a lead address opened on another device', () => {
  it('reads nothing of the lead: the registration starts again', async () => {
    const phone = uniquePhone();
    const lead = await createVerifiedLead(server.app, phone);
    const { router } = await renderApp(`/register/verified?l=${lead.id}`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(await screen.findByRole('textbox', { name: /^שם פרטי/ })).toHaveValue('');
    expect(screen.queryByDisplayValue('dana@example.co.il')).toBeNull();
  });
});

describe('a registration in progress met on a fresh verify screen', () => {
  /** A lead saved on an earlier visit, a code sent for it, and the verify link opened in a new tab. */
  async function openVerifyLinkFresh() {
    const phone = uniquePhone();
    const lead = await createLead(server.app, phone);
    const stored = await server.app.inject({
      method: 'GET',
      url: `/api/login/leads/${lead.id}`,
      headers: { 'x-lead-secret': lead.leadSecret },
    });
    // As this device left it: the lead and the secret its creating save answered.
    localStorage.setItem(
      'lead-storage',
      JSON.stringify({
        state: { lead: stored.json().data, leadSecret: { leadId: lead.id, secret: lead.leadSecret } },
        version: 0,
      }),
    );
    const { otpSessionId } = await requestCode(server.app, {
      phoneNumber: phone,
      process: 'registration',
      leadId: lead.id,
    });
    const view = await renderApp(
      `/auth/verify-otp?type=registration&lead=${lead.id}&session=${otpSessionId}&phone=${encodeURIComponent(phone)}`,
    );
    return { ...view, phone, lead: stored.json().data as { id: string; createdAt: string } };
  }

  it('offers to continue or start over, with the date the registration began', async () => {
    const { lead } = await openVerifyLinkFresh();

    const dialog = await screen.findByRole('dialog', { name: 'להמשיך את ההרשמה?' });
    const date = new Intl.DateTimeFormat('he', { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(lead.createdAt),
    );
    expect(
      within(dialog).getByText(
        `התחלתם להירשם ב-${date} ועדיין לא סיימתם. אפשר להמשיך מאותה נקודה או להתחיל מחדש.`,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'המשך ההרשמה' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'סגירה' })).toBeInTheDocument();
  });

  it('starts over: the saved lead is gone and the registration form is empty', async () => {
    const { router } = await openVerifyLinkFresh();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'התחלה מחדש' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(localStorage.getItem('lead-storage')).toBeNull();
    expect(await screen.findByRole('textbox', { name: /^שם פרטי/ })).toHaveValue('');
  });

  it('continues: the dialog closes and the code finishes the verification', async () => {
    const { router, phone, lead } = await openVerifyLinkFresh();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'המשך ההרשמה' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('progressbar', { name: 'שלב 2 מתוך 4' })).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'ספרה 1 מתוך 6' }));
    await typeCode(user, await latestCode(server, phone));

    await waitFor(() => expect(router.state.location.pathname).toBe('/register/verified'));
    expect(router.state.location.search).toEqual({ l: lead.id });
  });
});
