import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorPage } from './error-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/error', element: <ErrorPage /> },
      { path: '/admin/*', element: <NotFoundPage /> },
    ],
    { initialEntries: [url] },
  );
  return render(<RouterProvider router={router} />);
}

/** The value shown beside a label in the details list. */
function valueOf(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('ErrorPage', () => {
  it('shows every field of the error in the query string', () => {
    const error = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Validation failed',
      details: {
        databaseDetail: 'Failing row contains (null)',
        errorType: 'NotNullConstraintViolation',
        validation: [
          { path: 'email', message: 'Email is required' },
          { path: 'name', message: 'Name is required' },
        ],
        conflictingFields: ['username'],
        query: 'select 1',
        originalError: 'null value in column "email"',
      },
    };
    renderAt(`/admin/error?message=${encodeURIComponent(JSON.stringify(error))}`);

    expect(valueOf('Message').textContent).toBe('Validation failed');
    expect(valueOf('Database detail').textContent).toBe('Failing row contains (null)');
    expect(valueOf('Error type').textContent).toBe('NotNullConstraintViolation');
    const issues = within(valueOf('Validation errors'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(issues).toEqual(['email: Email is required', 'name: Name is required']);
    expect(within(valueOf('Conflicting fields')).getByRole('listitem').textContent).toBe('username');
    expect(valueOf('Query').textContent).toBe('select 1');
    expect(valueOf('Original error').textContent).toBe('null value in column "email"');
    expect(valueOf('Raw message').textContent).toBe(JSON.stringify(error));
  });

  it('shows plain text as the message', () => {
    renderAt('/admin/error?message=Database%20unavailable');
    expect(valueOf('Message').textContent).toBe('Database unavailable');
    expect(screen.queryByText('Validation errors')).toBeNull();
  });

  it('shows a page-not-found error for unknown admin paths', () => {
    renderAt('/admin/nowhere');
    expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(valueOf('Message').textContent).toBe('Page not found: /admin/nowhere');
  });
});
