import type { LightMyRequestResponse } from 'fastify';
import type {
  Folder,
  FolderAccessResponse,
  FoldersResponse,
  TextBulkDeletedResponse,
  TextDocument,
  TextListResponse,
} from '@veritext/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountBrowser, createTestApp, signUpAccount, TestBrowser, type TestApp } from '../../../test/app.ts';
import { checkJobRunner } from '../../../test/check-jobs.ts';
import { TEST_DB_KIND } from '../../../test/database.ts';
import { GARDEN_ESSAY, ORIGINAL_ESSAY } from '../../../test/texts.ts';
import { closeSharedAiDetector } from '../ai-checks/detector.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { findAccountOfGroup, findAccountOfUser } from '../ledger/ledger.repository.ts';
import { creditPages } from '../ledger/ledger.service.ts';
import { closeSharedReuseChecker } from '../text-checks/reuse-checker.ts';
import { closeSharedSimilarityReportRenderer } from '../text-checks/similarity-report.ts';
import { indexKey } from '../text-checks/text-checks.process.ts';

/*
 * Issue 17, My Documents' folders: folders and subfolders, moving documents (one and many, only one's own or, in an
 * organisation, as its owner or teacher), sharing (named members of the organisation, a link: a student never by
 * link; revoking the link takes out who joined by it), renaming and deleting documents (one or many, with their
 * index entry), and the list's search, filters and author.
 */

class Person extends AccountBrowser {
  id = 0;
  name = '';
  async json<T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(status);
    return answer.json<T>();
  }
  get(url: string): Promise<LightMyRequestResponse> {
    return this.browser.get(url);
  }
}

describe(`folders (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const jobs = checkJobRunner(() => t);
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await closeSharedReuseChecker();
    await closeSharedAiDetector();
    await closeSharedSimilarityReportRenderer();
    await t.dispose();
  });

  async function person(name: string, fields: Record<string, string> = {}): Promise<Person> {
    const account = await signUpAccount(t.app, Person, 'folders', { name, ...fields });
    const user = await findUserByEmail(t.handle.db, account.email);
    if (user === null) throw new Error('no user');
    account.id = user.id;
    account.name = name;
    const pages = await findAccountOfUser(t.handle.db, user.id);
    await creditPages(t.handle.db, { accountId: pages!.id, bucket: 'balance', pages: 50, kind: 'deposit' });
    return account;
  }

  type Organisation = { id: number; owner: Person; teacher: Person; students: Person[] };

  async function organisation(): Promise<Organisation> {
    const owner = await person('Olga Owner', { account_type: 'organisation', organisation_name: 'Fjord School' });
    const groups = await owner.json<{ data: { groups: { id: number }[] } }>(owner.get('/api/v1/groups/list/'));
    const id = groups.data.groups[0]!.id;
    const account = await findAccountOfGroup(t.handle.db, id);
    await creditPages(t.handle.db, { accountId: account!.id, bucket: 'balance', pages: 200, kind: 'deposit' });
    const join = async (member: Person, role: 2 | 3) => {
      await t.handle.db.query('INSERT INTO group_members (group_id, user_id, role) VALUES ($1, $2, $3)', [
        id,
        member.id,
        role,
      ]);
      return member;
    };
    const teacher = await join(await person('Tina Teacher'), 2);
    const students = [
      await join(await person('Sam Student'), 3),
      await join(await person('Sara Second'), 3),
      await join(await person('Stig Third'), 3),
    ];
    return { id, owner, teacher, students };
  }

  function text(base = ORIGINAL_ESSAY): string {
    serial += 1;
    return `${base} Note ${String(serial)}: the archive keeps its own catalogue of rare ${String(serial)} maps.`;
  }

  async function submit(who: Person, title: string, groupId?: number, base?: string): Promise<number> {
    const body = await who.json<{ data: { text: { id: number } } }>(
      who.post('/api/v1/text', {
        text: text(base),
        title,
        language: 'en',
        ...(groupId === undefined ? {} : { group_id: String(groupId) }),
      }),
    );
    return body.data.text.id;
  }

  async function createFolder(who: Person, name: string, extra: Record<string, string> = {}): Promise<Folder> {
    return (await who.json<{ data: { folder: Folder } }>(who.post('/api/v1/folders/', { name, ...extra }))).data.folder;
  }

  async function folders(who: Person, groupId?: number): Promise<FoldersResponse['data']> {
    const query = groupId === undefined ? '' : `?group_id=${String(groupId)}`;
    return (await who.json<FoldersResponse>(who.get(`/api/v1/folders/${query}`))).data;
  }

  async function list(who: Person, query: string): Promise<TextListResponse['data']> {
    return (await who.json<TextListResponse>(who.get(`/api/v1/text/?${query}`))).data;
  }

  function move(who: Person, ids: number[], folderId: number | null): Promise<LightMyRequestResponse> {
    const form = new URLSearchParams();
    for (const id of ids) form.append('ids', String(id));
    form.append('folder_id', folderId === null ? '' : String(folderId));
    form.append('_csrf_token', who.token);
    return who.browser.app.inject({
      method: 'POST',
      url: '/api/v1/folders/move/',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: who.browser.jar.header() },
    });
  }

  function errorOf(response: LightMyRequestResponse): { status: number; code: string; message: string } {
    const body = response.json<{ message: string; error: { code: string } }>();
    return { status: response.statusCode, code: body.error.code, message: body.message };
  }

  it('creates folders and subfolders with the spec’s messages, renames and deletes them (documents move up)', async () => {
    const ada = await person('Ada Author');
    const essays = await createFolder(ada, '  Essays  ');
    expect(essays).toMatchObject({ name: 'Essays', parent_id: null, group_id: null, is_owner: true, documents: 0 });

    expect(errorOf(await ada.post('/api/v1/folders/', { name: '   ' }))).toEqual({
      status: 400,
      code: 'folder_name_empty',
      message: 'Folder name cannot be empty',
    });
    expect(errorOf(await ada.post('/api/v1/folders/', { name: 'ESSAYS' }))).toEqual({
      status: 409,
      code: 'folder_exists',
      message: 'Folder already exists',
    });
    // the same name is fine under another parent, and for someone else
    const drafts = await createFolder(ada, 'Drafts', { parent_id: String(essays.id) });
    const innerEssays = await createFolder(ada, 'essays', { parent_id: String(essays.id) });
    expect(innerEssays.parent_id).toBe(essays.id);
    const bo = await person('Bo Other');
    await createFolder(bo, 'Essays');
    // nobody else makes a subfolder in Ada's folder
    expect((await bo.post('/api/v1/folders/', { name: 'Mine', parent_id: String(essays.id) })).statusCode).toBe(404);

    // renaming: not to a sibling's name; only by the owner
    expect(errorOf(await ada.post(`/api/v1/folders/${String(drafts.id)}/`, { name: 'Essays' })).code).toBe(
      'folder_exists',
    );
    const renamed = await ada.json<{ data: { folder: Folder } }>(
      ada.post(`/api/v1/folders/${String(drafts.id)}/`, { name: 'Second drafts' }),
    );
    expect(renamed.data.folder.name).toBe('Second drafts');
    expect((await bo.post(`/api/v1/folders/${String(drafts.id)}/`, { name: 'Taken' })).statusCode).toBe(404);

    // five levels at most
    let parent = innerEssays.id;
    for (const name of ['Three', 'Four', 'Five'])
      parent = (await createFolder(ada, name, { parent_id: String(parent) })).id;
    expect(errorOf(await ada.post('/api/v1/folders/', { name: 'Six', parent_id: String(parent) })).code).toBe(
      'folder_too_deep',
    );

    const tree = await folders(ada);
    expect(tree.folders.map((folder) => folder.name).sort()).toEqual(
      ['Essays', 'essays', 'Five', 'Four', 'Second drafts', 'Three'].sort(),
    );
    expect(tree.shared).toEqual([]);

    // deleting Essays deletes its subfolders; their documents go to its parent: out of every folder
    const first = await submit(ada, 'First');
    const second = await submit(ada, 'Second');
    expect((await move(ada, [first], drafts.id)).statusCode).toBe(200);
    expect((await move(ada, [second], parent)).statusCode).toBe(200);
    expect((await list(ada, `folder_id=${String(drafts.id)}`)).texts.map((d) => d.id)).toEqual([first]);
    expect((await bo.post(`/api/v1/folders/${String(essays.id)}/delete/`)).statusCode).toBe(404);
    const deleted = await ada.json<{ data: { folders: number; moved_documents: number; moved_to: number | null } }>(
      ada.post(`/api/v1/folders/${String(essays.id)}/delete/`),
    );
    expect(deleted.data).toMatchObject({ folders: 6, moved_documents: 2, moved_to: null });
    expect((await folders(ada)).folders).toEqual([]);
    const rootIds = (await list(ada, 'folder_id=root')).texts.map((d) => d.id);
    expect(rootIds).toEqual([second, first]);

    // deleting a subfolder moves its documents to its parent
    const top = await createFolder(ada, 'Top');
    const sub = await createFolder(ada, 'Sub', { parent_id: String(top.id) });
    expect((await move(ada, [first, second], sub.id)).statusCode).toBe(200);
    await ada.json(ada.post(`/api/v1/folders/${String(sub.id)}/delete/`));
    expect((await list(ada, `folder_id=${String(top.id)}`)).texts.map((d) => d.id).sort()).toEqual(
      [first, second].sort(),
    );
    jobs.skip();
  });

  it('moves one or many documents: only one’s own or, in an organisation, as its owner or teacher', async () => {
    const org = await organisation();
    const [sam, sara] = org.students as [Person, Person, Person];
    const samCheck = await submit(sam, 'Sam on rivers', org.id);
    const saraCheck = await submit(sara, 'Sara on mountains', org.id);
    const tinaFolder = await createFolder(org.teacher, 'Term 1', { group_id: String(org.id) });
    expect(tinaFolder.group_id).toBe(org.id);

    // the teacher files both students' checks at once
    const moved = await org.teacher.json<{ data: { moved: number; folder_id: number } }>(
      move(org.teacher, [samCheck, saraCheck], tinaFolder.id),
    );
    expect(moved.data).toEqual({ moved: 2, folder_id: tinaFolder.id });
    const inFolder = await list(org.teacher, `group_id=${String(org.id)}&folder_id=${String(tinaFolder.id)}`);
    expect(inFolder.texts.map((d) => [d.id, d.folder_id, d.author?.name, d.author?.email])).toEqual([
      [saraCheck, tinaFolder.id, 'Sara Second', sara.email],
      [samCheck, tinaFolder.id, 'Sam Student', sam.email],
    ]);
    expect((await folders(org.teacher, org.id)).folders[0]?.documents).toBe(2);

    // a student moves neither another's check nor into a folder he cannot open; the folder is hidden from him
    expect((await move(sara, [samCheck], null)).statusCode).toBe(404);
    expect((await move(sam, [samCheck], tinaFolder.id)).statusCode).toBe(404);
    const samsView = await list(sam, `group_id=${String(org.id)}`);
    expect(samsView.texts.map((d) => [d.id, d.folder_id])).toEqual([[samCheck, null]]);
    expect(
      (await sam.get(`/api/v1/text/?group_id=${String(org.id)}&folder_id=${String(tinaFolder.id)}`)).statusCode,
    ).toBe(404);
    // the student takes his own check out of the teacher's folder into a folder of his own
    const samFolder = await createFolder(sam, 'My work', { group_id: String(org.id) });
    expect((await move(sam, [samCheck], samFolder.id)).statusCode).toBe(200);
    // all or none: one foreign document stops the move
    expect((await move(sam, [samCheck, saraCheck], null)).statusCode).toBe(404);
    expect((await list(sam, `folder_id=${String(samFolder.id)}`)).texts.map((d) => d.id)).toEqual([samCheck]);

    // personal documents only into personal folders, and an organisation's only into its folders
    const own = await submit(org.teacher, 'Tina private');
    expect(errorOf(await move(org.teacher, [own], tinaFolder.id)).code).toBe('folder_scope_mismatch');
    const personal = await createFolder(org.teacher, 'Private');
    expect(errorOf(await move(org.teacher, [saraCheck], personal.id)).code).toBe('folder_scope_mismatch');
    expect((await move(org.teacher, [own], personal.id)).statusCode).toBe(200);
    // an outsider: neither the documents nor the folder exist for him
    const outsider = await person('Out Sider');
    expect((await move(outsider, [own], null)).statusCode).toBe(404);
    const outsiderFolder = await createFolder(outsider, 'Outside');
    expect((await move(outsider, [await submit(outsider, 'Mine')], personal.id)).statusCode).toBe(404);
    expect((await move(org.teacher, [own], outsiderFolder.id)).statusCode).toBe(404);
    // ids: between 1 and 100 whole numbers
    expect(errorOf(await move(org.teacher, [], null)).code).toBe('document_ids_invalid');
    jobs.skip();
  });

  it('shares an organisation folder with named members: they read its reports; others, and students by link, cannot', async () => {
    const org = await organisation();
    const [sam, sara, stig] = org.students as [Person, Person, Person];
    const samCheck = await submit(sam, 'Sam shared', org.id);
    const saraCheck = await submit(sara, 'Sara shared', org.id, GARDEN_ESSAY);
    await jobs.run();
    const folder = await createFolder(org.teacher, 'Peer review', { group_id: String(org.id) });
    await org.teacher.json(move(org.teacher, [samCheck, saraCheck], folder.id));
    const access = `/api/v1/folders/${String(folder.id)}/access/`;

    // only members of the organisation go on the access list
    const outsider = await person('Out Sider');
    expect(errorOf(await org.teacher.post(access, { email: outsider.email })).code).toBe('folder_access_not_member');
    expect(errorOf(await org.teacher.post(access, { email: 'not-an-address' })).code).toBe('validation_failed');
    const added = await org.teacher.json<FolderAccessResponse>(
      org.teacher.post(access, { email: sam.email.toUpperCase() }),
    );
    expect(added.data.access).toEqual([{ user_id: sam.id, name: 'Sam Student', email: sam.email, via: 'member' }]);
    // the access list is the owner's to read and change
    expect((await sam.get(access)).statusCode).toBe(403);
    expect((await sara.get(access)).statusCode).toBe(404);

    // Sam (named) sees the folder as shared, lists it and reads Sara's report in it
    const samFolders = await folders(sam, org.id);
    expect(samFolders.shared.map((f) => [f.id, f.is_owner, f.can_write, f.owner.name])).toEqual([
      [folder.id, false, false, 'Tina Teacher'],
    ]);
    expect((await list(sam, `folder_id=${String(folder.id)}`)).texts.map((d) => d.id).sort()).toEqual(
      [samCheck, saraCheck].sort(),
    );
    const report = await sam.get(`/api/v1/text/report/${String(saraCheck)}`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json<{ data: { title: string } }>().data.title).toBe('Sara shared');
    // ... but may not rename or delete it, nor move it (he only reads it)
    expect((await sam.post(`/api/v1/text/${String(saraCheck)}/rename/`, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await move(sam, [saraCheck], null)).statusCode).toBe(403);

    // Stig (a student not on the list) opens nothing of it, even with the link
    expect((await list(stig, `group_id=${String(org.id)}`)).texts).toEqual([]);
    expect((await stig.get(`/api/v1/text/?folder_id=${String(folder.id)}`)).statusCode).toBe(404);
    expect((await stig.get(`/api/v1/text/report/${String(saraCheck)}`)).statusCode).toBe(404);
    expect((await folders(stig, org.id)).shared).toEqual([]);
    const link = await org.teacher.json<{ data: { link_token: string } }>(
      org.teacher.post(`/api/v1/folders/${String(folder.id)}/share-link/`),
    );
    const token = link.data.link_token;
    expect(token.length).toBeGreaterThan(20);
    // the same live link again
    expect(
      (
        await org.teacher.json<{ data: { link_token: string } }>(
          org.teacher.post(`/api/v1/folders/${String(folder.id)}/share-link/`),
        )
      ).data.link_token,
    ).toBe(token);
    expect((await stig.post(`/api/v1/folders/shared/${token}/join`)).statusCode).toBe(403);
    expect((await stig.get(`/api/v1/text/report/${String(saraCheck)}`)).statusCode).toBe(404);
    // an outsider cannot join an organisation's folder by its link
    expect((await outsider.post(`/api/v1/folders/shared/${token}/join`)).statusCode).toBe(403);
    // the owner joins by link (a teacher or owner of the organisation may)
    const joined = await org.owner.json<{ data: { folder: Folder } }>(
      org.owner.post(`/api/v1/folders/shared/${token}/join`),
    );
    expect(joined.data.folder).toMatchObject({ id: folder.id, is_owner: false, can_write: true });
    const list1 = await org.teacher.json<FolderAccessResponse>(org.teacher.get(access));
    expect(list1.data.access.map((entry) => [entry.user_id, entry.via])).toEqual([
      [sam.id, 'member'],
      [org.owner.id, 'link'],
    ]);
    expect(list1.data.link_token).toBe(token);

    // a student cannot share his own folders
    const stigFolder = await createFolder(stig, 'Stig private', { group_id: String(org.id) });
    expect((await stig.post(`/api/v1/folders/${String(stigFolder.id)}/share-link/`)).statusCode).toBe(403);
    expect((await stig.post(`/api/v1/folders/${String(stigFolder.id)}/access/`, { email: sam.email })).statusCode).toBe(
      403,
    );

    // revoking the link: who joined by it is out, the named member stays
    await org.teacher.json(org.teacher.post(`/api/v1/folders/${String(folder.id)}/share-link/delete/`));
    const list2 = await org.teacher.json<FolderAccessResponse>(org.teacher.get(access));
    expect(list2.data).toEqual({
      access: [expect.objectContaining({ user_id: sam.id, via: 'member' })],
      link_token: null,
    });
    expect(errorOf(await org.owner.post(`/api/v1/folders/shared/${token}/join`)).code).toBe('folder_share_link_empty');

    // taken off the list: Sam reads only his own again; a removed member reads nothing of the folder
    await org.teacher.json(org.teacher.post(`${access}${String(sam.id)}/delete/`));
    expect((await sam.get(`/api/v1/text/report/${String(saraCheck)}`)).statusCode).toBe(404);
    expect((await sam.get(`/api/v1/text/report/${String(samCheck)}`)).statusCode).toBe(200);
    await org.teacher.json(org.teacher.post(access, { user_id: String(sara.id) }));
    expect((await sara.get(`/api/v1/text/report/${String(samCheck)}`)).statusCode).toBe(200);
    await t.handle.db.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = $2', [org.id, sara.id]);
    expect((await sara.get(`/api/v1/text/report/${String(samCheck)}`)).statusCode).toBe(404);
    expect((await sara.get(`/api/v1/text/?folder_id=${String(folder.id)}`)).statusCode).toBe(404);
  });

  it('shares a personal folder by link with any account (no guest) until the link is revoked; empty links are refused', async () => {
    const ada = await person('Ada Author');
    const bo = await person('Bo Reader');
    const check = await submit(ada, 'Ada personal');
    await jobs.run();
    const folder = await createFolder(ada, 'For my tutor');
    await ada.json(move(ada, [check], folder.id));
    expect(errorOf(await ada.post(`/api/v1/folders/${String(folder.id)}/access/`, { email: bo.email })).code).toBe(
      'folder_access_organisation_only',
    );
    expect((await bo.get(`/api/v1/text/report/${String(check)}`)).statusCode).toBe(404);

    const { data } = await ada.json<{ data: { link_token: string } }>(
      ada.post(`/api/v1/folders/${String(folder.id)}/share-link/`),
    );
    for (const empty of ['%20', 'not-a-real-token']) {
      expect(errorOf(await bo.post(`/api/v1/folders/shared/${empty}/join`))).toMatchObject({
        status: 404,
        code: 'folder_share_link_empty',
      });
    }
    // a guest cannot join
    const guest = new TestBrowser(t.app);
    const { guest_csrf } = await guest.csrf();
    await guest.postForm('/guest/registration/', {
      _csrf_token: guest_csrf,
      'guest-security-token': await guest.botToken(),
    });
    const guestToken = (await guest.csrf()).token;
    expect(
      (await guest.postForm(`/api/v1/folders/shared/${data.link_token}/join`, { _csrf_token: guestToken })).statusCode,
    ).toBe(403);

    await bo.json(bo.post(`/api/v1/folders/shared/${data.link_token}/join`));
    expect((await bo.get(`/api/v1/text/report/${String(check)}`)).statusCode).toBe(200);
    const boFolders = await folders(bo);
    expect(boFolders.shared.map((f) => [f.id, f.can_write])).toEqual([[folder.id, false]]);
    const boList = await list(bo, `folder_id=${String(folder.id)}`);
    expect(boList.texts.map((d) => [d.id, d.folder_id, d.author?.name])).toEqual([[check, folder.id, 'Ada Author']]);
    // a reader by link does not file his own documents there
    const boCheck = await submit(bo, 'Bo own');
    expect((await move(bo, [boCheck], folder.id)).statusCode).toBe(403);

    // a subfolder's documents are shared with it
    const sub = await createFolder(ada, 'Chapter 1', { parent_id: String(folder.id) });
    await ada.json(move(ada, [check], sub.id));
    expect((await bo.get(`/api/v1/text/report/${String(check)}`)).statusCode).toBe(200);
    expect((await folders(bo)).shared.map((f) => f.id).sort()).toEqual([folder.id, sub.id].sort());

    await ada.json(ada.post(`/api/v1/folders/${String(folder.id)}/share-link/delete/`));
    expect((await bo.get(`/api/v1/text/report/${String(check)}`)).statusCode).toBe(404);
    expect((await folders(bo)).shared).toEqual([]);
    expect(errorOf(await bo.post(`/api/v1/folders/shared/${data.link_token}/join`)).code).toBe(
      'folder_share_link_empty',
    );
    // a new link is a new token
    const again = await ada.json<{ data: { link_token: string } }>(
      ada.post(`/api/v1/folders/${String(folder.id)}/share-link/`),
    );
    expect(again.data.link_token).not.toBe(data.link_token);
  });

  it('renames and deletes documents, one or many, each by the delete rule, with their index entries', async () => {
    const org = await organisation();
    const [sam, sara] = org.students as [Person, Person, Person];
    const samCheck = await submit(sam, 'Sam to delete', org.id);
    const saraCheck = await submit(sara, 'Sara to delete', org.id, GARDEN_ESSAY);
    await jobs.run();
    const pending = await submit(sara, 'Sara pending', org.id);

    const renamed = await sam.json<{ data: { id: number; title: string } }>(
      sam.post(`/api/v1/text/${String(samCheck)}/rename/`, { title: '  Rivers, final  ' }),
    );
    expect(renamed.data).toEqual({ id: samCheck, title: 'Rivers, final' });
    expect(errorOf(await sam.post(`/api/v1/text/${String(samCheck)}/rename/`, { title: ' ' }))).toMatchObject({
      status: 400,
      code: 'document_title_empty',
    });
    expect((await sam.post(`/api/v1/text/${String(saraCheck)}/rename/`, { title: 'x' })).statusCode).toBe(404);
    await org.teacher.json(org.teacher.post(`/api/v1/text/${String(saraCheck)}/rename/`, { title: 'Mountains' }));
    const titles = await list(org.teacher, `group_id=${String(org.id)}`);
    expect(titles.texts.map((d) => d.title)).toEqual(['Sara pending', 'Mountains', 'Rivers, final']);

    const keys = [indexKey(samCheck), indexKey(saraCheck)];
    const entries = async () =>
      (await t.handle.db.query('SELECT key FROM reuse_sources WHERE key = ANY($1::text[])', [keys])).rows.length;
    expect(await entries()).toBe(2);
    // a student deletes only his own: the rest is refused, one by one
    const studentTry = await sam.json<TextBulkDeletedResponse>(
      sam.post('/api/v1/text/delete/', { ids: `${String(saraCheck)},${String(samCheck)}` }),
    );
    expect(studentTry.data.deleted).toEqual([{ id: samCheck, ai_checks: 0, index_entries: 1 }]);
    expect(studentTry.data.refused).toEqual([{ id: saraCheck, code: 'not_found', message: 'Page not found.' }]);
    expect(await entries()).toBe(1);
    const form = new URLSearchParams([
      ['ids[]', String(saraCheck)],
      ['ids[]', String(pending)],
      ['_csrf_token', org.teacher.token],
    ]);
    const teacherDelete = await t.app.inject({
      method: 'POST',
      url: '/api/v1/text/delete/',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: org.teacher.browser.jar.header() },
    });
    expect(teacherDelete.statusCode, teacherDelete.body).toBe(200);
    const result = teacherDelete.json<TextBulkDeletedResponse>().data;
    expect(result.deleted).toEqual([{ id: saraCheck, ai_checks: 0, index_entries: 1 }]);
    expect(result.refused.map((r) => [r.id, r.code])).toEqual([[pending, 'check_delete_in_progress']]);
    expect(await entries()).toBe(0);
    expect((await list(org.teacher, `group_id=${String(org.id)}`)).texts.map((d) => d.id)).toEqual([pending]);
    expect(errorOf(await sam.post('/api/v1/text/delete/', { ids: 'x' })).code).toBe('document_ids_invalid');
    jobs.skip();
  });

  it('searches by title and author, filters by status, similarity, AI share and date, and sorts', async () => {
    const org = await organisation();
    const [sam, sara] = org.students as [Person, Person, Person];
    const a = await submit(sam, 'Volcanoes of Iceland', org.id);
    const b = await submit(sara, 'Glaciers 50%_off', org.id, GARDEN_ESSAY);
    const c = await submit(sara, 'Fjords', org.id);
    jobs.skip();
    const db = t.handle.db;
    // hand-worked figures: a ready at 12.5 % (AI 80 %), b ready at 40 % (AI 10 %), c failed; dates one per day
    await db.query(
      "UPDATE text_checks SET state = 5, percent = 12.5, created_at = '2026-03-01T10:00:00Z' WHERE id = $1",
      [a],
    );
    await db.query(
      "UPDATE text_checks SET state = 5, percent = 40, created_at = '2026-03-02T23:30:00Z' WHERE id = $1",
      [b],
    );
    await db.query("UPDATE text_checks SET state = 4, created_at = '2026-03-03T00:10:00Z' WHERE id = $1", [c]);
    const account = await findAccountOfGroup(db, org.id);
    for (const [id, likely, strong, status] of [
      [a, 50, 30, 4],
      [b, 6, 4, 4],
      [c, 0, 0, 3],
    ] as const) {
      await db.query(
        `INSERT INTO ai_checks (group_id, account_id, status, content, likely_percent, strong_percent, text_check_id)
         VALUES ($1, $2, $3, 'x', $4, $5, $6)`,
        [org.id, account!.id, status, likely, strong, id],
      );
    }
    const ids = async (query: string, who: Person = org.teacher) =>
      (await list(who, `group_id=${String(org.id)}&${query}`)).texts.map((d: TextDocument) => d.id);

    expect(await ids('')).toEqual([c, b, a]);
    const first = (await list(org.teacher, `group_id=${String(org.id)}`)).texts.find((d) => d.id === a);
    expect(first?.author).toEqual({ id: sam.id, name: 'Sam Student', email: sam.email });
    expect(first?.ai_percent).toBe(80);
    expect(await ids('q=volcano')).toEqual([a]);
    expect(await ids('q=SARA')).toEqual([c, b]);
    expect(await ids(`q=${encodeURIComponent(sam.email.toUpperCase())}`)).toEqual([a]);
    // % and _ are letters in a search
    expect(await ids(`q=${encodeURIComponent('50%_')}`)).toEqual([b]);
    expect(await ids(`q=${encodeURIComponent('%')}`)).toEqual([b]);
    expect(await ids('status=ready')).toEqual([b, a]);
    expect(await ids('status=failed')).toEqual([c]);
    expect(await ids('status=ai_failed')).toEqual([c]);
    expect(await ids('similarity_min=20')).toEqual([b]);
    expect(await ids('similarity_max=12.5')).toEqual([a]);
    expect(await ids('ai_min=50&ai_max=100')).toEqual([a]);
    expect(await ids('ai_max=10')).toEqual([b]);
    expect(await ids('date_from=2026-03-02&date_to=2026-03-02')).toEqual([b]);
    expect(await ids('date_from=2026-03-02')).toEqual([c, b]);
    expect(await ids('date_to=2026-03-01')).toEqual([a]);
    expect(await ids('sort=similarity_desc')).toEqual([b, a, c]);
    expect(await ids('sort=ai_asc')).toEqual([b, a, c]);
    expect(await ids('sort=title_asc')).toEqual([c, b, a]);
    expect(await ids('sort=date_asc')).toEqual([a, b, c]);
    const paged = await list(org.teacher, `group_id=${String(org.id)}&status=ready&per_page=1&page=2`);
    expect([paged.total, paged.texts.map((d) => d.id)]).toEqual([2, [a]]);
    // a student searches only his own
    expect(await ids('q=a', sam)).toEqual([a]);
    expect((await org.teacher.get(`/api/v1/text/?group_id=${String(org.id)}&status=nope`)).statusCode).toBe(400);
  });
});
