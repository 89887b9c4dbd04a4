/** The claim names and vocabularies of LTI 1.3 core, Deep Linking 2.0, AGS 2.0 and NRPS 2.0. */

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  custom: `${LTI}custom`,
  launchPresentation: `${LTI}launch_presentation`,
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  deepLinkingContentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  deepLinkingMsg: 'https://purl.imsglobal.org/spec/lti-dl/claim/msg',
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrpsService: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
} as const;

export const MESSAGE_RESOURCE_LINK = 'LtiResourceLinkRequest';
export const MESSAGE_DEEP_LINKING = 'LtiDeepLinkingRequest';
export const MESSAGE_DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';
export const LTI_VERSION = '1.3.0';

export const SCOPE = {
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  lineitem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineitemReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  membership: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

export const MEDIA = {
  score: 'application/vnd.ims.lis.v1.score+json',
  lineitem: 'application/vnd.ims.lis.v2.lineitem+json',
  lineitems: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  memberships: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
} as const;

/** Organisation roles: 2 teacher, 3 student (check-tool.md §6). */
export type MemberRole = 2 | 3;

/**
 * Teacher for an instructor, an administrator (of the course or the institution) or a teaching assistant; student
 * otherwise (a learner, or a role we do not know: the fewest rights). Full URIs (LTI 1.3) and the short names NRPS
 * may send both count.
 */
export function roleFromLtiRoles(roles: readonly string[]): MemberRole {
  const teaching = roles.some((role) => {
    const name = role.split(/[#/]/).pop() ?? role;
    return (
      name === 'Instructor' ||
      name === 'Administrator' ||
      name === 'TeachingAssistant' ||
      role.endsWith('membership/Instructor#TeachingAssistant')
    );
  });
  return teaching ? 2 : 3;
}
