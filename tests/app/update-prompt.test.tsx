/** The one-time "ready to work offline" note never covers a dialog. */
import { Button, Modal } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
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

function Screen({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button onClick={() => setOpen(true)}>New request</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="New request">
        <Button onClick={() => setOpen(false)}>Close it</Button>
      </Modal>
      <UpdatePrompt />
    </>
  );
}

describe('ready to work offline', () => {
  it('should wait until the open dialog is closed before saying so', async () => {
    const { user } = renderWithProviders(<Screen initiallyOpen />);
    expect(await screen.findByRole('dialog', { name: 'New request' })).toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close it' }));
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
  });

  it('should leave when a dialog opens while it is shown', async () => {
    const { user } = renderWithProviders(<Screen initiallyOpen={false} />);
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New request' }));
    expect(await screen.findByRole('dialog', { name: 'New request' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(NOTE)).not.toBeInTheDocument());
  });
});
