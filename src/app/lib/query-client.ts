import { QueryClient, onlineManager } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Client errors (4xx) will not change on a retry; network errors and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // gcTime: a query dropped from memory is dropped from the persisted copy too, so keep them a day.
      queries: { retry: shouldRetry, staleTime: 30_000, gcTime: 24 * 60 * 60 * 1000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

/** The app's single client; src/app/offline/persister.ts keeps it in IndexedDB per user. */
export const queryClient = createQueryClient();

// TanStack Query assumes a connection until it hears an 'offline' event; an app opened without one
// must pause its queries from the start (no retries, no error toasts) and run them when it returns.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
