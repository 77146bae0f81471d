import { fieldsOfColumns, IMPORTED_COLUMNS, quoted } from './import-columns.js';

describe('the columns an import changes on a matched contact', () => {
  it('are the text fields and the group, never the phone digits', () => {
    const columns = IMPORTED_COLUMNS.map(({ column }) => column);
    expect(columns).toContain('contact_name');
    expect(columns).toContain('memo');
    expect(columns).toContain('group_id');
    expect(columns).not.toContain('phone_digits');
    expect(columns).not.toContain('checked');
  });

  it('are reported by their API names, in the order of the table', () => {
    expect(fieldsOfColumns(['memo', 'group_id', 'contact_name', 'unknown'])).toEqual([
      'contactName',
      'memo',
      'groupId',
    ]);
  });

  it('never put an unknown name into SQL', () => {
    expect(quoted('email')).toBe('"email"');
    expect(() => quoted('email" = \'x')).toThrow();
  });
});
