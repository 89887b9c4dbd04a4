import { LEAD_LMS, LEAD_ROLES, type LeadRole } from '@veritext/contracts';

/** The label key of each role of the enquiry (commerce-and-cabinet.md §3); the value sent is the English name. */
export const ROLE_LABEL_KEYS = {
  Administrator: 'forms.roles.administrator',
  'Instructor/Teacher': 'forms.roles.teacher',
  'Department Chair': 'forms.roles.departmentChair',
  'Technical Specialist': 'forms.roles.technicalSpecialist',
  Librarian: 'forms.roles.librarian',
  'Business representative': 'forms.roles.business',
  Reseller: 'forms.roles.reseller',
  Student: 'forms.roles.student',
  Other: 'forms.roles.other',
} as const satisfies Record<LeadRole, string>;

export const ROLES: readonly LeadRole[] = LEAD_ROLES;

/** The LMS list: product names as they are, Other last (it opens the free-text field). */
export const LMS_OPTIONS: readonly string[] = LEAD_LMS;
