/** The one-time "ready to work offline" note: inline above the page, never a toast over its controls. */
import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { OfflineReadyNote } from '../../src/app/components/offline-ready-note';
import { UpdatePrompt } from '../../src/app/components/update-prompt';
import { renderWithProviders } from './render';

vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({
    needRefresh: [false, () => {}],
    offlineReady: [true, () => {}],
    updateServiceWorker: async () => {},
  }),
}));

const NOTE = 'The portal is ready to work offline.';

function Screen() {
  return (
    <>
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
