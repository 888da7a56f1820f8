import { stripNonDigits } from '@domain/phone';
import { NAVIGATE_DELAY_MS } from '@machines/otp/otp.machine';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendCode } from '../../server/helpers/auth-flow';
import {
  CODE_SENT,
  codeBoxes,
  createUser,
  latestCode,
  nationalOf,
  outbox,
  renderApp,
  serverForFile,
  typeCode,
  uniquePhone,
  wrongCode,
} from './auth-harness';

/** A whole flow against the real server: slow on a busy machine. */
const LONG_FLOW = 45_000;

const server = serverForFile();
// The spec's waits (2 s before the verify screen, the resend countdown) run on fake timers that also
// follow real time, so the screens and the in-process server behave as with real ones, and a test
// skips a wait by advancing the clock instead of sitting through it.
beforeEach(() => {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
});
afterEach(() => {
  vi.useRealTimers();
});

const phoneField = () => screen.getByRole('textbox', { name: 'מספר טלפון נייד' });
/** The login form arrives a moment after the page (it carries the phone rules): wait for it. */
const loginForm = () => screen.findByRole('textbox', { name: 'מספר טלפון נייד' });
const sendButton = () => screen.getByRole('button', { name: 'שליחת קוד אימות' });

type Router = Awaited<ReturnType<typeof renderApp>>['router'];

/** From the login form to the verify screen: the number typed, the code sent, the 2-second wait skipped. */
async function askForCode(user: UserEvent, router: Router, phone: string) {
  await user.type(await loginForm(), nationalOf(phone));
  await user.click(sendButton());
  expect(await screen.findByText(CODE_SENT)).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  await act(() => vi.advanceTimersByTimeAsync(NAVIGATE_DELAY_MS));
  await waitFor(() => expect(router.state.location.pathname).toBe('/auth/verify-otp'));
}

/** A phone (a registered user's, unless said) on the verify screen, after asking for a code at /login. */
async function atVerifyScreen({ registered = true, timers = false } = {}) {
  const phone = uniquePhone();
  if (registered) await createUser(server.db, { phoneNumber: phone });
  const { router } = await renderApp('/login');
  const user = userEvent.setup(timers ? { advanceTimers: vi.advanceTimersByTime } : {});
  await askForCode(user, router, phone);
  return { phone, router, user };
}

describe('signing in with a phone and a code', () => {
  it(
    'takes a registered user from the phone to the property list, with the session stored',
    async () => {
      const phone = uniquePhone();
      await createUser(server.db, { phoneNumber: phone });
      const { router } = await renderApp('/login');
      const user = userEvent.setup();

      expect(await screen.findByRole('heading', { level: 1, name: 'התחברות' })).toBeInTheDocument();
      // Spec: the login form is 0 of 0, so no progress indicator.
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'להרשמה' })).toHaveAttribute('href', '/register');

      await askForCode(user, router, phone);
      const search = router.state.location.search as Record<string, string>;
      expect(search).toEqual({ type: 'auth', session: expect.any(String), phone });
      expect(JSON.parse(sessionStorage.getItem('otp-session') ?? 'null')).toMatchObject({
        state: { sessionId: search.session, phoneNumber: phone, expiresAt: expect.any(String) },
      });

      expect(screen.getByRole('heading', { level: 1, name: 'הזנת קוד אימות' })).toBeInTheDocument();
      expect(screen.getByText(/שלחנו קוד בן 6 ספרות/)).toHaveTextContent(
        `שלחנו קוד בן 6 ספרות בהודעת SMS למספר +972 ${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`,
      );
      expect(screen.getByRole('progressbar', { name: 'שלב 2 מתוך 3' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'המשך' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'שליחה חוזרת בעוד 30 שניות' })).toBeDisabled();

      await typeCode(user, await latestCode(server, phone));

      await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
      expect(await screen.findByRole('heading', { level: 1, name: 'הנכסים שלי' })).toBeInTheDocument();
      const stored = JSON.parse(localStorage.getItem('auth-storage') ?? 'null');
      expect(stored).toMatchObject({
        state: { isAuthenticated: true, tokens: { userId: expect.any(String) } },
      });
      expect(localStorage.getItem('jwt_token')).toBe(stored.state.tokens.jwtToken);
      expect(sessionStorage.getItem('otp-session')).toBeNull();
    },
    LONG_FLOW,
  );

  it('returns the user to the page they were sent to /login from', async () => {
    const phone = uniquePhone();
    await createUser(server.db, { phoneNumber: phone });
    const { router } = await renderApp('/tasks');
    const user = userEvent.setup();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await askForCode(user, router, phone);
    expect(router.state.location.search).toMatchObject({ redirect: '/tasks' });
    await typeCode(user, await latestCode(server, phone));

    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks'));
    expect(await screen.findByRole('heading', { level: 1, name: 'משימות' })).toBeInTheDocument();
  });

  it('says a wrong code failed and offers a new code only when the server takes one', async () => {
    const { phone, router, user } = await atVerifyScreen();

    await typeCode(user, wrongCode(await latestCode(server, phone)));

    expect(await screen.findByText('האימות נכשל, נא להזין קוד תקין')).toBeInTheDocument();
    // The server refuses a new code within 30 s of the last: the countdown goes on, nothing to click.
    expect(screen.getByRole('button', { name: /^שליחה חוזרת בעוד/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'שליחה חוזרת' })).not.toBeInTheDocument();
    expect(
      codeBoxes()
        .map((box) => box.value)
        .join(''),
    ).toBe('');
    await waitFor(() => expect(codeBoxes()[0]).toHaveFocus());
    expect(router.state.location.pathname).toBe('/auth/verify-otp');
  });

  it(
    'counts 30 seconds down before a resend, then sends a new code that signs the user in',
    async () => {
      const { phone, router, user } = await atVerifyScreen({ timers: true });
      expect(screen.getByRole('button', { name: /^שליחה חוזרת בעוד/ })).toBeDisabled();

      await act(() => vi.advanceTimersByTimeAsync(28_000));
      expect(screen.getByRole('button', { name: 'שליחה חוזרת בעוד שתי שניות' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(3_000));
      server.clock.advance(31_000);
      const resend = screen.getByRole('button', { name: 'שליחה חוזרת' });
      expect(resend).toBeEnabled();

      await user.click(resend);
      expect(await screen.findByRole('button', { name: 'שליחה חוזרת בעוד 30 שניות' })).toBeDisabled();
      expect(await outbox(server, phone)).toHaveLength(2);

      await typeCode(user, await latestCode(server, phone));
      await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
    },
    LONG_FLOW,
  );

  it(
    "counts down the server's Retry-After when it refuses a resend, instead of leaving the button on",
    async () => {
      const { phone, user } = await atVerifyScreen({ timers: true });
      await act(() => vi.advanceTimersByTimeAsync(31_000));
      // The server's clock has moved only 18 s since the code went out: 12 s of its interval are left.
      server.clock.advance(18_000);

      await user.click(screen.getByRole('button', { name: 'שליחה חוזרת' }));

      expect(await screen.findByText('אפשר לבקש קוד חדש בעוד 12 שניות')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'שליחה חוזרת בעוד 12 שניות' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(12_000));
      server.clock.advance(12_000);
      await user.click(screen.getByRole('button', { name: 'שליחה חוזרת' }));
      expect(await screen.findByRole('button', { name: 'שליחה חוזרת בעוד 30 שניות' })).toBeDisabled();
      expect(await outbox(server, phone)).toHaveLength(2);
    },
    LONG_FLOW,
  );

  it(
    "counts down the server's Retry-After when it refuses a first send, with the button disabled",
    async () => {
      const phone = uniquePhone();
      await createUser(server.db, { phoneNumber: phone });
      // A code went out to this phone 27 s ago (another tab, another device): 3 s of the interval are left.
      await sendCode(server.app, { phoneNumber: phone, process: 'auth' });
      server.clock.advance(27_000);
      await renderApp('/login');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(await loginForm(), nationalOf(phone));
      await user.click(sendButton());

      expect(await screen.findByText('אפשר לבקש קוד חדש בעוד 3 שניות')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'אפשר לשלוח שוב בעוד 3 שניות' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      expect(screen.getByRole('button', { name: 'אפשר לשלוח שוב בעוד שנייה' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      // The wait is over: its message goes and the form sends.
      expect(screen.queryByText('אפשר לבקש קוד חדש בעוד 3 שניות')).not.toBeInTheDocument();
      server.clock.advance(3_000);
      await user.click(sendButton());
      expect(await screen.findByText(CODE_SENT)).toBeInTheDocument();
      expect(await outbox(server, phone)).toHaveLength(2);
    },
    LONG_FLOW,
  );

  it('tells someone without an account to register, carrying the number there', async () => {
    const { phone, router, user } = await atVerifyScreen({ registered: false });

    await typeCode(user, await latestCode(server, phone));

    expect(await screen.findByText(/לא נמצא חשבון עם מספר הטלפון הזה/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'להרשמה עם המספר הזה' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    const registerPhone = screen.getByRole('textbox', { name: /טלפון נייד/ }) as HTMLInputElement;
    expect(stripNonDigits(registerPhone.value)).toBe(nationalOf(phone));
  });
});

describe('the login form', () => {
  it('checks the number only on submit, and drops the error as soon as it is edited', async () => {
    await renderApp('/login');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'התחברות' });
    await loginForm();
    expect(screen.queryByText('יש להזין מספר טלפון')).not.toBeInTheDocument();

    await user.click(sendButton());
    expect(await screen.findByText('יש להזין מספר טלפון')).toBeInTheDocument();
    expect(phoneField()).toHaveFocus();
    expect(phoneField()).toHaveAccessibleDescription('יש להזין מספר טלפון');

    await user.type(phoneField(), '050');
    expect(screen.queryByText('יש להזין מספר טלפון')).not.toBeInTheDocument();
    await user.click(sendButton());
    expect(await screen.findByText('מספר הטלפון חייב להכיל לפחות 7 ספרות')).toBeInTheDocument();
  });

  it('asks for a mobile when a landline is typed, and sends no code', async () => {
    await renderApp('/login');
    const user = userEvent.setup();
    await user.type(await loginForm(), '03-1234567');
    await user.click(sendButton());

    const message = 'יש להזין מספר טלפון נייד: קוד האימות נשלח בהודעת SMS, ולא ניתן לשלוח אותו למספר קווי';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(phoneField()).toHaveFocus();
    expect(screen.queryByText(CODE_SENT)).not.toBeInTheDocument();
    expect(await outbox(server, '+97231234567')).toHaveLength(0);
  });

  it('pre-fills ?phone= and then takes it out of the address', async () => {
    const { router } = await renderApp('/login?phone=%2B972541234567&redirect=%2Ftasks');

    await waitFor(() => expect(router.state.location.search).toEqual({ redirect: '/tasks' }));
    expect(stripNonDigits((phoneField() as HTMLInputElement).value)).toBe('0541234567');
  });

  it('answers a social button honestly: not available yet', async () => {
    await renderApp('/login');
    const user = userEvent.setup();
    const social = await screen.findByRole('group', { name: 'התחברות עם חשבון קיים' });
    expect(within(social).getAllByRole('button')).toHaveLength(3);

    await user.click(within(social).getByRole('button', { name: 'המשך עם Apple' }));

    expect(
      screen.getByText('התחברות עם Apple עדיין לא זמינה. בינתיים אפשר להמשיך עם מספר הטלפון.'),
    ).toBeInTheDocument();
  });
});

describe('the verify screen', () => {
  it('explains an incomplete link and leads back to a new code instead of showing nothing', async () => {
    await renderApp('/auth/verify-otp?type=auth&phone=%2B972541234567');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'קישור האימות אינו שלם' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /ספרה 1/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'למסך ההתחברות' })).toHaveAttribute('href', '/login');
  });

  it('goes back to the login form with the number filled in', async () => {
    const { phone, router, user } = await atVerifyScreen({ registered: false });

    await user.click(screen.getByRole('button', { name: 'חזרה' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(stripNonDigits((phoneField() as HTMLInputElement).value)).toBe(nationalOf(phone));
  });
});
