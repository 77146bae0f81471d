import { CONTACT_EDITABLE_FIELDS, CONTACT_TEXT_FIELD_NAMES, CONTACT_TEXT_FIELDS } from './contact-fields.js';

describe('contact fields', () => {
  it('names every text field once, each with a limit, and lets staff edit them and the group', () => {
    expect(new Set(CONTACT_TEXT_FIELD_NAMES).size).toBe(13);
    for (const field of CONTACT_TEXT_FIELD_NAMES) expect(CONTACT_TEXT_FIELDS[field].maxLength).toBeGreaterThan(0);
    expect(CONTACT_EDITABLE_FIELDS).toEqual([...CONTACT_TEXT_FIELD_NAMES, 'groupId']);
  });
});
