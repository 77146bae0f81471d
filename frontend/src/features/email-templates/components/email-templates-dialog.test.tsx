import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { mutate, SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmailTemplate } from '../api/email-templates.ts';

type Call = { path: string; init?: { params?: { path?: { id: number } }; body?: Record<string, unknown> } };

const ok = (data: unknown) => ({ data, response: { ok: true, status: 200 } });
let store: EmailTemplate[] = [];
/** The fields another staff member changed in the store since the editor read it. */
let changedMeanwhile: string[] = [];
const calls: { method: string; call: Call }[] = [];

const template = (id: number, title: string, isDefault = false): EmailTemplate => ({
  id,
  title,
  subject: `${title} subject`,
  template: `Hello {{nameEng}},\nfrom ${title}`,
  htmlTemplate: '',
  isActive: true,
  attachComcards: false,
  isDefault,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
});

// A small in-memory server behind the generated client's methods.
const fakeApi = {
  GET: vi.fn(async (path: string, init?: Call['init']) => {
    calls.push({ method: 'GET', call: { path, init } });
    return ok(store);
  }),
  POST: vi.fn(async (path: string, init?: Call['init']) => {
    calls.push({ method: 'POST', call: { path, init } });
    if (path.endsWith('/preview')) {
      return ok({
        html: `<p>Rendered: ${String(init?.body?.template)}</p>`,
        text: '',
        subject: `Sample ${String(init?.body?.subject ?? '')}`,
      });
    }
    if (path.includes('set-default')) {
      const id = init?.params?.path?.id;
      store = store.map((item) => ({ ...item, isDefault: item.id === id }));
      return ok(store.find((item) => item.id === id));
    }
    if (init?.body?.title === 'Refused') {
      const error = {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Template contains an unknown placeholder: {{age}}',
      };
      return { data: undefined, error, response: { ok: false, status: 400 } };
    }
    const created = { ...template(store.length + 10, String(init?.body?.title)), ...init?.body } as EmailTemplate;
    store = [...store, created];
    return ok(created);
  }),
  PUT: vi.fn(async (path: string, init?: Call['init']) => {
    calls.push({ method: 'PUT', call: { path, init } });
    const id = init?.params?.path?.id;
    const { version, ...fields } = init?.body ?? {};
    const stored = store.find((item) => item.id === id)!;
    // Like the server: a save made on an older version is refused when it would overwrite what changed since.
    if (version !== undefined && version !== stored.version) {
      const details = { conflictingFields: changedMeanwhile, current: stored };
      return {
        data: undefined,
        error: {
          statusCode: 409,
          error: 'Conflict',
          message: 'The template was changed by someone else meanwhile',
          details,
        },
        response: { ok: false, status: 409 },
      };
    }
    store = store.map((item) =>
      item.id === id ? ({ ...item, ...fields, version: item.version + 1 } as EmailTemplate) : item,
    );
    return ok(store.find((item) => item.id === id));
  }),
  DELETE: vi.fn(async (path: string, init?: Call['init']) => {
    calls.push({ method: 'DELETE', call: { path, init } });
    store = store.filter((item) => item.id !== init?.params?.path?.id);
    return { data: undefined, response: { ok: true, status: 204 } };
  }),
};
vi.mock('../../../lib/api-client.ts', () => ({ api: fakeApi }));

const toastSuccess = vi.fn();
const toastError = vi.fn();
vi.mock('../../../lib/toast.tsx', () => ({
  toast: { success: (message: string) => toastSuccess(message), error: (message: string) => toastError(message) },
}));

const { EmailTemplatesDialog } = await import('./email-templates-dialog.tsx');

beforeEach(async () => {
  store = [template(1, 'Welcome', true), template(2, 'Follow up')];
  changedMeanwhile = [];
  calls.length = 0;
  await act(() => mutate(() => true, undefined, { revalidate: false }));
});

// The default cache is kept (the mutations revalidate it), without deduplication across tests.
const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ dedupingInterval: 0 }}>{children}</SWRConfig>
);

describe('EmailTemplatesDialog', () => {
  it('says why a save failed beside the save button, not in a toast, until the next save', async () => {
    toastError.mockReset();
    const user = userEvent.setup();
    render(<EmailTemplatesDialog isOpen onOpenChange={vi.fn()} />, { wrapper });
    await user.click(await screen.findByRole('button', { name: 'Add New' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Refused');
    await user.type(screen.getByRole('textbox', { name: 'Default Subject' }), 'Casting');
    await user.type(screen.getByRole('textbox', { name: 'Content' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Create Template' }));

    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toBe('Template contains an unknown placeholder: {{age}}');
    expect(problem.parentElement).toBe(screen.getByRole('button', { name: 'Create Template' }).parentElement);
    expect(toastError).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'New Template' })).toBeTruthy();

    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Accepted');
    await user.click(screen.getByRole('button', { name: 'Create Template' }));
    await screen.findByRole('heading', { name: 'Email Templates' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the templates and goes list → new template → list', async () => {
    const onChanged = vi.fn();
    const user = userEvent.setup();
    render(<EmailTemplatesDialog isOpen onOpenChange={vi.fn()} onChanged={onChanged} />, { wrapper });

    expect(await screen.findByRole('rowheader', { name: 'Welcome' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Email Templates' })).toBeTruthy();
    for (const column of ['Id', 'Name', 'Subject', 'Default', 'Template', 'Action']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeTruthy();
    }
    expect(calls[0]).toMatchObject({ method: 'GET', call: { path: '/backend/api/v1/email-templates' } });

    await user.click(screen.getByRole('button', { name: 'Add New' }));
    expect(screen.getByRole('heading', { name: 'New Template' })).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Create Template' });
    expect(create.hasAttribute('disabled')).toBe(true);

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Audition');
    await user.type(screen.getByRole('textbox', { name: 'Default Subject' }), 'Casting for you');
    const content = screen.getByRole('textbox', { name: 'Content' }) as HTMLTextAreaElement;
    await user.click(content);
    await user.paste('Dear ,\r\nsee you');
    content.setSelectionRange(5, 5);
    await user.click(screen.getByRole('tab', { name: 'Profile & Contact' }));
    await user.click(screen.getByRole('button', { name: '{{manager}}' }));
    expect(content.value).toBe('Dear {{manager}},\nsee you');
    expect(document.activeElement).toBe(content);
    expect(content.selectionStart).toBe(16);

    await user.click(screen.getByRole('radio', { name: 'Preview' }));
    const preview = await screen.findByText('Rendered: Dear {{manager}}, see you', undefined, { timeout: 2000 });
    expect(preview.tagName).toBe('P');
    expect(screen.getByText('Sample Casting for you')).toBeTruthy();

    // The comcard files go as attachments with this template.
    await user.click(screen.getByRole('checkbox', { name: /Attach each model's comcard file/ }));
    await user.click(screen.getByRole('button', { name: 'Create Template' }));
    await screen.findByRole('heading', { name: 'Email Templates' });
    const created = calls.find(
      (entry) => entry.method === 'POST' && entry.call.path === '/backend/api/v1/email-templates',
    );
    expect(created?.call.init?.body).toEqual({
      title: 'Audition',
      subject: 'Casting for you',
      template: 'Dear {{manager}},\nsee you',
      isActive: true,
      attachComcards: true,
    });
    expect(toastSuccess).toHaveBeenCalledWith('Template created successfully');
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('rowheader', { name: 'Audition' })).toBeTruthy();
  });

  it('edits a template, and Back returns without saving', async () => {
    const user = userEvent.setup();
    render(<EmailTemplatesDialog isOpen onOpenChange={vi.fn()} />, { wrapper });
    await user.click(await screen.findByRole('button', { name: 'Edit Follow up' }));
    expect(screen.getByRole('heading', { name: 'Edit Template' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Email Templates' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add New' }));

    await user.click(screen.getByRole('button', { name: 'Edit Follow up' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    expect(screen.getByRole('button', { name: 'Save Changes' }).hasAttribute('disabled')).toBe(true);
    await user.type(title, 'Second contact');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('heading', { name: 'Email Templates' });
    const put = calls.find((entry) => entry.method === 'PUT');
    expect(put?.call.path).toBe('/backend/api/v1/email-templates/{id}');
    expect(put?.call.init?.params?.path?.id).toBe(2);
    expect(toastSuccess).toHaveBeenCalledWith('Template updated successfully');
    expect(await screen.findByRole('rowheader', { name: 'Second contact' })).toBeTruthy();
  });

  it('keeps an edit refused because someone else saved meanwhile, shows their template, and re-applies the edit on it', async () => {
    const user = userEvent.setup();
    render(<EmailTemplatesDialog isOpen onOpenChange={vi.fn()} />, { wrapper });
    await user.click(await screen.findByRole('button', { name: 'Edit Follow up' }));
    // Another staff member saves a new title while this editor is open.
    store = store.map((item) => (item.id === 2 ? { ...item, title: 'Follow up (final)', version: 2 } : item));
    changedMeanwhile = ['title'];
    const subject = screen.getByRole('textbox', { name: 'Default Subject' }) as HTMLInputElement;
    await user.clear(subject);
    await user.type(subject, 'Second audition');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const notice = await screen.findByRole('region', {
      name: 'Someone else saved this template while you were editing.',
    });
    expect(within(notice).getByText('Changed: Title. The editor shows the template saved now.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Follow up (final)');
    expect(subject.value).toBe('Follow up subject');
    expect(within(notice).getByRole('row', { name: 'Default Subject Follow up subject Second audition' })).toBeTruthy();
    expect(toastSuccess).not.toHaveBeenCalled();

    await user.click(within(notice).getByRole('button', { name: 'Re-apply my edit' }));
    await screen.findByRole('heading', { name: 'Email Templates' });
    const puts = calls.filter((entry) => entry.method === 'PUT').map((entry) => entry.call.init?.body);
    expect(puts).toEqual([
      {
        title: 'Follow up',
        subject: 'Second audition',
        template: 'Hello {{nameEng}},\nfrom Follow up',
        isActive: true,
        attachComcards: false,
        version: 1,
      },
      {
        title: 'Follow up (final)',
        subject: 'Second audition',
        template: 'Hello {{nameEng}},\nfrom Follow up',
        isActive: true,
        attachComcards: false,
        version: 2,
      },
    ]);
    expect(toastSuccess).toHaveBeenCalledWith('Template updated successfully');
  });

  it('sets the default and deletes after confirmation', async () => {
    const user = userEvent.setup();
    render(<EmailTemplatesDialog isOpen onOpenChange={vi.fn()} />, { wrapper });
    expect((await screen.findByRole('button', { name: 'Set as Default Welcome' })).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Set as Default Follow up' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Default template updated successfully'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Set as Default Follow up' }).hasAttribute('disabled')).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Welcome' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to delete this template?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Template deleted successfully'));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Welcome' })).toBeNull());
    expect(calls.find((entry) => entry.method === 'DELETE')?.call.init?.params?.path?.id).toBe(1);
  });

  it('shows an empty state, and the error when the list fails', async () => {
    store = [];
    const { unmount } = render(<EmailTemplatesDialog isOpen onOpenChange={vi.fn()} />, { wrapper });
    expect(await screen.findByText('No templates yet.')).toBeTruthy();
    unmount();
    await act(() => mutate(() => true, undefined, { revalidate: false }));

    fakeApi.GET.mockImplementationOnce(
      async () => ({ data: undefined, error: { message: 'nope' }, response: { ok: false, status: 500 } }) as never,
    );
    render(<EmailTemplatesDialog isOpen onOpenChange={vi.fn()} />, { wrapper });
    expect(await screen.findByText('Failed to load templates')).toBeTruthy();
    expect(toastError).toHaveBeenCalledWith('Failed to load templates');
  });
});
