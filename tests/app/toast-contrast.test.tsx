import { Notification } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from './render';

describe('a toast with a title', () => {
  it('should write its message in the readable dimmed grey, not Mantine’s grey.6', () => {
    renderWithProviders(
      <Notification title="Ticket accepted">Trip ID 7 accepted (sent from the outbox).</Notification>,
    );
    // Mantine writes a titled toast's message in gray.6 (3.3:1 on white); the theme overrides it inline.
    const dimmed = document.createElement('span');
    dimmed.style.color = 'var(--mantine-color-dimmed)';
    document.body.append(dimmed);
    const message = screen.getByText('Trip ID 7 accepted (sent from the outbox).');
    expect(getComputedStyle(message).color).toBe(getComputedStyle(dimmed).color);
    expect(getComputedStyle(message).color).not.toBe('');
    dimmed.remove();
  });
});
