import { describe, expect, it } from 'vitest';
import { AI_CHECK_STATUS } from '@veritext/contracts';
import { roleFromLtiRoles } from './lti.claims.ts';
import { scoreOf } from './lti.jobs.ts';
import { escapeHtml } from './lti.pages.ts';
import { nextLink, scoresUrl } from './lti-services.ts';

describe('LTI roles', () => {
  it('makes instructors, administrators and teaching assistants teachers, everyone else a student', () => {
    const lis = 'http://purl.imsglobal.org/vocab/lis/v2/';
    expect(roleFromLtiRoles([`${lis}membership#Instructor`])).toBe(2);
    expect(roleFromLtiRoles([`${lis}membership#Administrator`])).toBe(2);
    expect(roleFromLtiRoles([`${lis}institution/person#Administrator`, `${lis}membership#Learner`])).toBe(2);
    expect(roleFromLtiRoles([`${lis}membership/Instructor#TeachingAssistant`])).toBe(2);
    expect(roleFromLtiRoles(['Instructor'])).toBe(2);
    expect(roleFromLtiRoles([`${lis}membership#Learner`])).toBe(3);
    expect(roleFromLtiRoles(['Learner'])).toBe(3);
    expect(roleFromLtiRoles([`${lis}membership#Mentor`, `${lis}institution/person#Faculty`])).toBe(3);
    expect(roleFromLtiRoles([])).toBe(3);
  });
});

describe('AGS and NRPS helpers', () => {
  it('puts /scores after the line item path, keeping its query', () => {
    expect(scoresUrl('https://lms.example.edu/api/lti/courses/1/line_items/7')).toBe(
      'https://lms.example.edu/api/lti/courses/1/line_items/7/scores',
    );
    expect(scoresUrl('https://moodle.example.edu/mod/lti/services.php/2/lineitems/5/lineitem?type_id=3')).toBe(
      'https://moodle.example.edu/mod/lti/services.php/2/lineitems/5/lineitem/scores?type_id=3',
    );
  });

  it('reads rel="next" from a Link header, among other relations', () => {
    expect(nextLink(null)).toBeNull();
    expect(nextLink('<https://lms.example.edu/m?page=2>; rel="next"')).toBe('https://lms.example.edu/m?page=2');
    expect(nextLink('<https://lms.example.edu/m?p=1>; rel="first", <https://lms.example.edu/m?p=3>; rel="next"')).toBe(
      'https://lms.example.edu/m?p=3',
    );
    expect(nextLink('<https://lms.example.edu/m?p=1>; rel="differences"')).toBeNull();
  });

  it('scores originality out of 100 with the similarity, the AI share and the report in the comment', () => {
    const done = { status: AI_CHECK_STATUS.done, likely_percent: 10, strong_percent: 20.5 };
    expect(scoreOf(12.345, done, 'https://veritext.example/profile/report/9')).toEqual({
      scoreGiven: 87.65,
      comment:
        'Veritext: similarity 12.35 %, AI-generated text 30.5 %. Report: https://veritext.example/profile/report/9',
    });
    expect(scoreOf(0, null, 'u').comment).toBe('Veritext: similarity 0 %. Report: u');
    expect(scoreOf(100, { ...done, status: AI_CHECK_STATUS.failed }, 'u')).toEqual({
      scoreGiven: 0,
      comment: 'Veritext: similarity 100 %, AI check: no result. Report: u',
    });
  });

  it('escapes what the LTI pages show', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });
});
