/**
 * The one-time "ready to work offline" note and "A new version is available": inline above the page, never
 * a toast over its controls.
 */
import { Button } from '@mantine/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { OfflineReadyNote } from '../../src/app/components/offline-ready-note';
import { UpdateNote } from '../../src/app/components/update-note';
import { UpdatePrompt } from '../../src/app/components/update-prompt';
import { renderWithProviders } from './render';

const sw = vi.hoisted(() => ({
  needRefresh: false,
  updateServiceWorker: vi.fn(async (_reload?: boolean) => {}),
}));
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({
    needRefresh: [sw.needRefresh, () => {}],
    offlineReady: [true, () => {}],
    updateServiceWorker: sw.updateServiceWorker,
  }),
}));

const NOTE = 'The portal is ready to work offline.';

/** The page's registration as the browser reports it: which workers are active and waiting. */
let registration: Promise<{ active: object | null; waiting: object | null }>;
Object.defineProperty(navigator, 'serviceWorker', {
  configurable: true,
  value: { getRegistration: () => registration },
});

function Screen() {
  return (
    <>
      <UpdateNote />
      <OfflineReadyNote />
      <h1>My requests</h1>
      <Button>New request</Button>
      <Button component={Link} to="/dashboard/suppliers/previous">
        Previous requests
      </Button>
      <UpdatePrompt />
    </>
  );
}

describe('ready to work offline', () => {
  it('should say so inline above the page, not in a toast that covers its title and buttons', async () => {
    const { user } = renderWithProviders(<Screen />);
    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent(NOTE);
    expect(note.closest('.mantine-Notification-root')).toBeNull();
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    // Before the page's title in the document: it pushes the page down rather than covering it.
    expect(note.compareDocumentPosition(screen.getByRole('heading', { name: 'My requests' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(NOTE)).not.toBeInTheDocument());
  });
});

describe('a new version', () => {
  it('should not be announced on a first visit, when the only worker is still between installed and active', async () => {
    sw.needRefresh = true;
    let report!: (workers: { active: object | null; waiting: object | null }) => void;
    registration = new Promise((resolve) => (report = resolve));
    renderWithProviders(<Screen />);
    await screen.findByRole('heading', { name: 'My requests' });
    await act(async () => report({ active: null, waiting: {} }));
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();
  });

  it("should say so inline above the page, where a toast lay over the form's buttons at 390 px, and reload on request", async () => {
    sw.needRefresh = true;
    registration = Promise.resolve({ active: {}, waiting: {} });
    const { user } = renderWithProviders(<Screen />);
    const title = await screen.findByText('A new version is available');
    const note = title.closest<HTMLElement>('[role=status]')!;
    expect(note).toHaveTextContent('Reload to use it.');
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    expect(note.compareDocumentPosition(screen.getByRole('heading', { name: 'My requests' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(sw.updateServiceWorker).not.toHaveBeenCalled();
    await user.click(within(note).getByRole('button', { name: 'Reload' }));
    expect(sw.updateServiceWorker).toHaveBeenCalledExactlyOnceWith(true);

    await user.click(within(note).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('A new version is available')).not.toBeInTheDocument());
  });
});
