/**
 * Dialogs whose code loads when first opened: the code arrives and the dialog shows; a download that
 * fails (offline before the service worker kept the dialog) closes it with the no-connection message,
 * and the next opening downloads again.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { whenFirstOpened } from '../../src/app/components/when-first-opened';
import { createQueryClient } from '../../src/app/lib/query-client';
import { AppProviders } from '../../src/app/providers';

interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

function RealDialog({ opened }: DialogProps) {
  return opened ? <div role="dialog" aria-label="New request" /> : null;
}

function Screen({ Dialog, onClose }: { Dialog: React.ComponentType<DialogProps>; onClose: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button onClick={() => setOpened(true)}>New request</button>
      <Dialog
        opened={opened}
        onClose={() => {
          onClose();
          setOpened(false);
        }}
      />
    </>
  );
}

describe('a dialog loaded when first opened', () => {
  it('should close with the no-connection message when its code cannot be downloaded, and load on the next opening', async () => {
    const load = vi
      .fn<() => Promise<React.ComponentType<DialogProps>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(RealDialog);
    // React reports the error its boundary caught on the console: expected here, and only this one.
    const report = vi.mocked(console.error);
    const strict = report.getMockImplementation();
    const reported: unknown[] = [];
    report.mockImplementation((...args: unknown[]) => {
      const text = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
      if (text.includes('dynamically imported module')) reported.push(text);
      else strict?.(...args);
    });
    const Dialog = whenFirstOpened(load);
    const onClose = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <Screen Dialog={Dialog} onClose={onClose} />
      </AppProviders>,
    );
    const user = userEvent.setup();
    // Nothing is downloaded before the dialog is wanted.
    expect(load).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'New request' }));
    expect(
      await screen.findByText('No connection to the server. Check your network and try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog', { name: 'New request' })).not.toBeInTheDocument();
    // One tap, one attempt.
    expect(load).toHaveBeenCalledTimes(1);
    expect(reported).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'New request' }));
    expect(await screen.findByRole('dialog', { name: 'New request' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
