/**
 * An offline start holds the lists until the saved copy is back from IndexedDB, so they show it instead
 * of saying nothing is saved; a copy that never comes back (IndexedDB blocked by another tab) holds them
 * only until the deadline.
 */
import { render, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../src/app/lib/query-client';
import { AppProviders } from '../../src/app/providers';

function List({ answer }: { answer: () => Promise<string> }) {
  const { data } = useQuery({ queryKey: ['list'], queryFn: answer, networkMode: 'always' });
  return <p>{data ?? 'Waiting'}</p>;
}

describe('the saved lists of an offline start', () => {
  it('should hold the list until the saved copy is back, then show it', async () => {
    const queryClient = createQueryClient();
    let release: () => void = () => undefined;
    const restored = new Promise<void>((resolve) => {
      release = () => {
        queryClient.setQueryData(['list'], 'Saved list');
        resolve();
      };
    });
    let asked = 0;
    // The network never answers here: what shows once released is the saved copy.
    const answer = () => {
      asked += 1;
      return new Promise<string>(() => undefined);
    };
    render(
      <AppProviders queryClient={queryClient} env="test" restored={restored} restoreDeadlineMs={60_000}>
        <List answer={answer} />
      </AppProviders>,
    );
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(asked).toBe(0);
    release();
    expect(await screen.findByText('Saved list')).toBeInTheDocument();
  });

  it('should stop holding the list at the deadline when the saved copy never comes back', async () => {
    const queryClient = createQueryClient();
    const never = new Promise<void>(() => undefined);
    render(
      <AppProviders queryClient={queryClient} env="test" restored={never} restoreDeadlineMs={50}>
        <List answer={async () => 'Fresh list'} />
      </AppProviders>,
    );
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(await screen.findByText('Fresh list')).toBeInTheDocument();
  });
});
