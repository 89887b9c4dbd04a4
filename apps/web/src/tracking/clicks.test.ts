import { describe, expect, it } from 'vitest';
import { isTrackingEventName } from '@veritext/contracts';
import { linkEvent } from './clicks.ts';

describe('tracked links', () => {
  it('names help and LMS links (English and Spanish paths) with events the server accepts', () => {
    expect(linkEvent('/contact-us/')).toBe('get_help');
    expect(linkEvent('/es/contact-us/')).toBe('get_help');
    expect(linkEvent('/integrations/moodle')).toBe('lms-cta');
    expect(linkEvent('/es/lms')).toBe('lms-cta');
    expect(linkEvent('/profile/integrations/')).toBe('lms-cta');
    expect(linkEvent('/pricing/')).toBeNull();
    expect(linkEvent('/contact-usx/')).toBeNull();
    expect(isTrackingEventName('get_help') && isTrackingEventName('lms-cta')).toBe(true);
  });
});
