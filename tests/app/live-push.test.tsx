/**
 * Push registration in the signed-in frame: off without the build's Firebase configuration; with it,
 * the spec's permission message when the user has not granted notifications, registration of the
 * device's token when they have, and its removal at sign-out. The browser's Notification, PushManager
 * and service worker are stood in for at their edge; the Firebase SDK chunk is replaced by its result.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushRegistration } from '../../src/app/components/push-registration';
import { useAuth } from '../../src/app/features/auth/auth-context';
import { apiFetch } from '../../src/app/lib/api-client';
import { activateLocale } from '../../src/app/lib/i18n';
import { createQueryClient } from '../../src/app/lib/query-client';
import { reloadSession } from '../../src/app/lib/session-store';
import { AppProviders } from '../../src/app/providers';
import { USERS, installFakeServer, storeSession, tokenFor, type FakeServer } from './fake-server';

vi.mock('../../src/app/lib/firebase-messaging', () => ({
  fetchDeviceToken: vi.fn(async () => 'fcm-device-token'),
}));

const FIREBASE_ENV = {
  VITE_FIREBASE_API_KEY: 'test-api-key',
  VITE_FIREBASE_PROJECT_ID: 'test-project',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '1234567890',
  VITE_FIREBASE_APP_ID: '1:1234567890:web:abc',
  VITE_FIREBASE_VAPID_KEY: 'test-vapid-key',
};

const PERMISSION_TEXT = 'To receive push notifications, give permission to your device';

let server: FakeServer;
let nextUserId = 100;

function browserPush(permission: NotificationPermission) {
  // As in a browser, the answer becomes the permission.
  const stand = { permission, requestPermission: vi.fn(async () => (stand.permission = 'granted')) };
  const { requestPermission } = stand;
  vi.stubGlobal('Notification', stand);
  vi.stubGlobal('PushManager', class {});
  // The browser's push subscription that the FCM token rides on.
  const unsubscribe = vi.fn(async () => true);
  const registration = { pushManager: { getSubscription: async () => ({ unsubscribe }) } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
      addEventListener: () => {},
      removeEventListener: () => {},
    },
  });
  return { requestPermission, unsubscribe };
}

function configure() {
  for (const [key, value] of Object.entries(FIREBASE_ENV)) vi.stubEnv(key, value);
}

beforeEach(() => {
  server = installFakeServer();
  server.on('PUT /api/users/:id/firebaseToken', () => ({ status: 200, body: { ok: true } }));
  server.on('PUT /api/users/:id/firebaseToken/remove', () => ({ status: 200, body: { ok: true } }));
  storeSession(USERS.supplier1);
  reloadSession();
});

afterEach(() => {
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
});

function renderPush(userId = nextUserId++) {
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <MemoryRouter>
        <PushRegistration userId={userId} />
      </MemoryRouter>
    </AppProviders>,
  );
  return userId;
}

const tokenCalls = () => server.calls.filter((c) => c.path.includes('/firebaseToken'));

describe('push without Firebase configuration', () => {
  it('should ask nothing, show nothing and send nothing', async () => {
    browserPush('default');
    renderPush();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByText(PERMISSION_TEXT)).not.toBeInTheDocument();
    expect(tokenCalls()).toEqual([]);
  });
});

describe('push with Firebase configuration', () => {
  beforeEach(configure);

  it("should show the spec's message and register the device once the user allows notifications", async () => {
    const { requestPermission } = browserPush('default');
    const userId = renderPush();
    const message = await screen.findByText(PERMISSION_TEXT);
    const toast = message.closest('.mantine-Notification-root') as HTMLElement;
    await userEvent.click(within(toast).getByRole('button', { name: 'Allow notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(tokenCalls()).toHaveLength(1));
    expect(tokenCalls()[0]).toMatchObject({
      method: 'PUT',
      path: `/api/users/${userId}/firebaseToken`,
      body: { token: 'fcm-device-token' },
    });
  });

  it('should show the message in Spanish, without a button, when the user refused notifications', async () => {
    await activateLocale('es');
    browserPush('denied');
    renderPush();
    const message = await screen.findByText('Para recibir notificaciones push, da permiso a tu dispositivo');
    const toast = message.closest('.mantine-Notification-root') as HTMLElement;
    expect(within(toast).queryByRole('button', { name: 'Permitir notificaciones' })).not.toBeInTheDocument();
    expect(tokenCalls()).toEqual([]);
  });

  it('should register the device without a message when notifications are allowed', async () => {
    browserPush('granted');
    const userId = renderPush();
    await waitFor(() => expect(tokenCalls()).toHaveLength(1));
    expect(tokenCalls()[0]).toMatchObject({
      path: `/api/users/${userId}/firebaseToken`,
      body: { token: 'fcm-device-token' },
    });
    expect(screen.queryByText(PERMISSION_TEXT)).not.toBeInTheDocument();
  });

  it('should end the push subscription when the session ends without a sign-out (a 401)', async () => {
    const { unsubscribe } = browserPush('granted');
    function Expire() {
      return <button onClick={() => void apiFetch('/tickets').catch(() => undefined)}>Load</button>;
    }
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <MemoryRouter>
          <PushRegistration userId={USERS.supplier1.id} />
          <Expire />
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => expect(tokenCalls()).toHaveLength(1));
    expect(unsubscribe).not.toHaveBeenCalled();
    server.on('GET /api/tickets', () => ({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Token expired' },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    await waitFor(() => expect(unsubscribe).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('push-device')).toBeNull();
    // No removal request: the ended session could not have sent one.
    expect(tokenCalls()).toHaveLength(1);
  });

  it("should remove the device's token at sign-out, with the session that is ending", async () => {
    const { unsubscribe } = browserPush('granted');
    function SignOut() {
      const { logout } = useAuth();
      return <button onClick={logout}>Sign out</button>;
    }
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <MemoryRouter>
          <PushRegistration userId={USERS.supplier1.id} />
          <SignOut />
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => expect(tokenCalls()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(tokenCalls()).toHaveLength(2));
    const removal = tokenCalls()[1]!;
    expect(removal).toMatchObject({
      method: 'PUT',
      path: `/api/users/${USERS.supplier1.id}/firebaseToken/remove`,
      body: { token: 'fcm-device-token' },
    });
    expect(removal.headers.get('Authorization')).toBe(`Bearer ${tokenFor(USERS.supplier1)}`);
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(unsubscribe).toHaveBeenCalledTimes(1));
  });
});
