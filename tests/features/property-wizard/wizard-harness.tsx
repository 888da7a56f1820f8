/**
 * The wizard against the real server in-process: the app's own session (signed in with a real
 * access token of a user in the server's database), the real route tree and providers, and uploads
 * through an XMLHttpRequest that forwards to the same in-process server.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, vi } from 'vitest';
import { renderSignedIn, type SignedInAs } from '../../app/render-app';
import { createTestClock } from '../../server/helpers/build-test-app';
import {
  createDataDir,
  type Property,
  type PropertyPage,
  SAMPLE_FILES,
} from '../../server/helpers/properties';
import { bearer, createUser } from '../../server/helpers/sign-in';
import { type InProcessServer, startInProcessServer } from '../helpers/in-process-server';
import { installFetchBackedXhr, type UploadGate } from './fetch-backed-xhr';

export interface WizardServer {
  server: InProcessServer;
  upload: UploadGate;
  close(): Promise<void>;
}

/** One server per test file; the clock is "now", so tokens it signs are also valid for the app's session. */
export async function startWizardServer(): Promise<WizardServer> {
  const data = await createDataDir();
  const server = await startInProcessServer({
    clock: createTestClock(new Date()),
    config: { dataDir: data.dataDir },
  });
  const upload = installFetchBackedXhr();
  return {
    server,
    upload,
    async close() {
      await server.close();
      await data.remove();
    },
  };
}

export type SignedInUser = SignedInAs;

export async function signUp(server: InProcessServer): Promise<SignedInUser> {
  const user = await createUser(server.db);
  return { id: user.id, headers: await bearer(server, user.id) };
}

export interface WizardFile {
  server: InProcessServer;
  upload: UploadGate;
  /** A broker signed up before the file's first test; a test that needs a clean slate signs up its own. */
  broker: SignedInUser;
}

/**
 * The set-up every wizard screen file shares: one server for the file, started before its first test
 * with a broker signed up on it, and closed after its last. Call it in the file's describe block; read
 * the fields inside tests and hooks, once the server has started.
 */
export function setUpWizardServer(): WizardFile {
  let started: (WizardServer & { broker: SignedInUser }) | undefined;
  beforeAll(async () => {
    const env = await startWizardServer();
    started = { ...env, broker: await signUp(env.server) };
  });
  afterAll(() => started?.close());
  const get = () => {
    if (!started) throw new Error('the wizard server starts in beforeAll: read it inside a test or hook');
    return started;
  };
  return {
    get server() {
      return get().server;
    },
    get upload() {
      return get().upload;
    },
    get broker() {
      return get().broker;
    },
  };
}

/**
 * The app at `path`, signed in as `user` with their real access token in the app's own session, as
 * main.tsx composes it (minus StrictMode). The sign-out walks mount the property list through it too.
 */
export async function renderWizard(user: SignedInUser, path = '/properties/create') {
  const { unfollow, ...view } = await renderSignedIn(user, path);
  return {
    ...view,
    user: userEvent.setup({ delay: null }),
    /** Unmounts as a page reload would: storage stays, everything in memory goes. */
    reload() {
      view.unmount();
      unfollow();
      view.session.stop();
    },
  };
}

/** The user's properties as the server lists them. */
export async function listProperties(server: InProcessServer, user: SignedInUser) {
  const response = await server.app.inject({
    method: 'GET',
    url: '/api/property/list',
    headers: user.headers,
  });
  return (response.json().data as PropertyPage).items;
}

export async function getProperty(
  server: InProcessServer,
  user: SignedInUser,
  id: string,
): Promise<Property> {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/property/${id}`,
    headers: user.headers,
  });
  return response.json().data as Property;
}

// ---- reading the screen ----

export const stepHeading = () => screen.getByRole('heading', { level: 2 });
export const statusText = () => screen.getByTestId('wizard-status').textContent ?? '';
export const nextButton = () => screen.getByRole('button', { name: 'הבא' });
export const publishButton = () => screen.getByRole('button', { name: 'פרסום' });

type User = ReturnType<typeof userEvent.setup>;

/** A text-like input by its label (Mantine's selects are comboboxes, other inputs textboxes). */
export function field(label: string): HTMLElement {
  return screen.queryByRole('combobox', { name: label }) ?? screen.getByRole('textbox', { name: label });
}

/** Chooses an option of a Mantine Select / MultiSelect by its label. */
export async function choose(user: User, label: string, option: string) {
  await user.click(field(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

export async function type(user: User, label: string, text: string) {
  await user.clear(field(label));
  await user.type(field(label), text);
}

/** The file input of a media group's drop area (Mantine's Dropzone keeps it hidden). */
export function dropzoneInput(container: HTMLElement, group: string): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>(`input[type=file][name="media-${group}"]`);
  if (!input) throw new Error(`no file input for ${group}`);
  return input;
}

/** Tiny but real files (SAMPLE_FILES) under the names a broker would give them. */
export const png = (name: string) =>
  new File([new Uint8Array(SAMPLE_FILES.png)], name, { type: 'image/png' });
export const pdf = (name: string) =>
  new File([new Uint8Array(SAMPLE_FILES.pdf)], name, { type: 'application/pdf' });

export async function answer(user: User, question: string, reply: 'כן' | 'לא') {
  const group = screen.getByRole('radiogroup', { name: question });
  await user.click(within(group).getByRole('radio', { name: reply }));
}

export { vi };
