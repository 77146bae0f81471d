import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';

const failure = {
  data: undefined,
  error: { statusCode: 503, error: 'Service Unavailable', message: 'Database down' },
  response: { ok: false, status: 503 },
};
vi.mock('../../../lib/api-client.ts', () => ({ api: { GET: vi.fn(async () => failure) } }));
const toastError = vi.fn();
vi.mock('../../../lib/toast.tsx', () => ({
  toast: { success: vi.fn(), error: (message: string) => toastError(message) },
}));
const { TemplatePicker } = await import('./template-picker.tsx');

const fresh = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>{children}</SWRConfig>
);

describe('TemplatePicker', () => {
  it('says the list could not be fetched, in place of the list, and empties it (spec §8)', async () => {
    render(<TemplatePicker selectedId={null} onPick={vi.fn()} />, { wrapper: fresh });
    expect(await screen.findByText('Failed to fetch templates')).toBeTruthy();
    expect(toastError).toHaveBeenCalledWith('An error occurred while loading the template list.');
  });
});
