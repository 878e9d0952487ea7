import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToken, startOidcServer, type OidcServer } from '../support/oidc-server.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';

/**
 * The curator's desk in a real browser: Debian's Chromium, headless, driven by playwright-core
 * against the real service and a real local OpenID provider. A curator logs in to Swagger UI
 * with the authorization code flow and PKCE (typing her name and password into the provider's
 * page), approves one query a chat wrote, rejects another with a reason, and sees the 409 when
 * approving it again; ReDoc renders with the network to anything but 127.0.0.1 cut off; a user
 * uploads a file through the upload form and sees it listed.
 * Screenshots of each step go to test-artifacts/browser/.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/browser');
const CLIENT_ID = 'cqks-docs';
const CURATOR = { name: 'carol', password: 'carol-correct-horse' };

/** A port the OS picks: the provider must know the service's redirect URL before the service starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the curator’s desk in Chromium', () => {
  let oidc: OidcServer;
  let service: ServiceProcess;
  let browser: Browser;
  let dataDir: string;
  const pendingIds: number[] = [];
  let step = 0;
  const shot = async (target: Page | Locator, name: string) => target.screenshot({ path: path.join(ARTIFACTS, `${String(++step).padStart(2, '0')}-${name}.png`) });

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    oidc = await startOidcServer({
      login: { clientId: CLIENT_ID, redirectUris: [`${url}/docs/static/oauth2-redirect.html`], users: { [CURATOR.name]: { password: CURATOR.password, roles: ['curator'] } } },
    });
    dataDir = await mkdtemp(path.join(tmpdir(), 'cqks-browser-'));
    service = await startServiceProcess({
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      NEO4J_URI: undefined,
      DEMO_DATA: 'true',
      OIDC_ISSUER: oidc.issuer,
      OIDC_AUDIENCE: oidc.audience,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_SCOPES: 'openid api',
      OIDC_ROLES_CLAIM: 'roles',
    });

    // Two questions a chat answers with queries it wrote: they wait in the curation queue.
    const user = { authorization: `Bearer ${await oidc.getToken({ roles: ['user'] })}` };
    const api = `${service.url}/api/v1`;
    const session = ((await (await fetch(`${api}/chat`, { method: 'POST', headers: user })).json()) as { session_id: string }).session_id;
    for (const content of ['How many projects does Orbital Systems maintain?', 'Where does Maya Patel live?']) {
      const sent = await fetch(`${api}/chat/${session}/message`, { method: 'POST', headers: { ...user, 'content-type': 'application/json' }, body: JSON.stringify({ content }) });
      expect(sent.status).toBe(202);
      const stream = await fetch(`${api}/chat/${session}/stream`, { headers: { ...user, accept: 'application/x-ndjson' } });
      // The stream replays the session's events: read until this message's run has ended.
      const { run_id: runId } = (await sent.json()) as { run_id: string };
      let buffer = '';
      for await (const chunk of stream.body!) {
        buffer += Buffer.from(chunk).toString();
        if (buffer.split('\n').some((line) => line.includes('"run_completed"') && line.includes(runId))) break;
      }
    }
    const curatorToken = await oidc.getToken({ roles: ['curator'] });
    const pending = (await (await fetch(`${api}/aim/queries/pending`, { headers: { authorization: `Bearer ${curatorToken}` } })).json()) as { items: { id: number }[] };
    pendingIds.push(...pending.items.map((q) => q.id));
    expect(pendingIds.length).toBeGreaterThanOrEqual(2);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      // A fresh profile (launch() makes a temporary one) that talks to nothing on its own.
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-default-apps', '--no-first-run', '--no-sandbox'],
    });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
    await oidc?.close();
    await rm(dataDir, { recursive: true, force: true });
    console.log(`screenshots: ${ARTIFACTS}`);
  });

  /**
   * Expands an operation of Swagger UI, fills its path parameter, executes it, reads the answer
   * and takes a screenshot of it.
   */
  async function execute(page: Page, operationId: string, name: string, id?: number): Promise<{ status: number; body: string }> {
    const operation = page.locator(`.opblock[id$="-${operationId}"]`);
    if (!(await operation.locator('.opblock-body').isVisible())) await operation.locator('.opblock-summary').first().click();
    // Clear an earlier answer, so that it is not mistaken for this one.
    if (await operation.locator('button.btn-clear').isVisible()) await operation.locator('button.btn-clear').click();
    if (id !== undefined) await operation.locator('tr[data-param-name="id"] input').fill(String(id));
    await operation.locator('button.execute').click();
    const response = operation.locator('.live-responses-table .response').first();
    await response.waitFor();
    const status = Number((await response.locator('.response-col_status').innerText()).trim());
    const body = await response.locator('.response-col_description pre').first().innerText();
    await operation.locator('.live-responses-table').scrollIntoViewIfNeeded();
    await shot(operation.locator('.live-responses-table').first(), name);
    return { status, body };
  }

  it('logs in with PKCE, approves one query, rejects another with a reason, and shows the 409 of approving it again', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const apiCalls: { url: string; authorization: string | undefined }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/')) apiCalls.push({ url: request.url(), authorization: request.headers().authorization });
    });

    await page.goto(`${service.url}/docs`);
    await page.locator('.swagger-ui .info .title').waitFor();
    await shot(page, 'docs');

    await page.locator('button.authorize').first().click();
    const oauth = page.locator('.auth-container').filter({ hasText: 'authorizationCode' });
    await expect.poll(() => oauth.locator('input#client_id_authorizationCode').inputValue()).toBe(CLIENT_ID);
    // A public PKCE client has no secret to ask for; the bearer field says what applies with a provider, not `npm run token`.
    await expect.poll(() => oauth.locator('input[id^="client_secret_"]').isVisible()).toBe(false);
    const bearer = page.locator('.auth-container').filter({ hasText: 'bearerAuth' });
    await expect.poll(() => bearer.innerText()).toContain('identity provider');
    expect(await bearer.innerText()).not.toContain('npm run token');
    await shot(page, 'authorize-dialog');
    const [popup] = await Promise.all([page.waitForEvent('popup'), oauth.locator('button.authorize').click()]);
    await popup.locator('input[name="login"]').waitFor();
    expect(popup.url()).toContain(`${oidc.issuer}/`);
    expect(new URL(popup.url()).origin).toBe(oidc.issuer);
    await popup.locator('input[name="login"]').fill(CURATOR.name);
    await popup.locator('input[name="password"]').fill(CURATOR.password);
    await shot(popup, 'provider-login');
    await popup.locator('button[type="submit"]').click();
    // The provider asks once to let the documentation act for her.
    await popup.locator('button[type="submit"]').waitFor();
    await shot(popup, 'provider-consent');
    await Promise.all([popup.waitForEvent('close'), popup.locator('button[type="submit"]').click()]);
    await oauth.locator('button', { hasText: 'Logout' }).waitFor();
    await shot(page, 'authorized');
    await page.locator('.modal-ux button.close-modal').click();

    const pending = await execute(page, 'listPendingQueries', 'pending-queue');
    expect(pending.status).toBe(200);
    const listed = (JSON.parse(pending.body) as { items: { id: number }[] }).items.map((q) => q.id);
    expect(listed).toEqual(expect.arrayContaining(pendingIds.slice(0, 2)));

    const [approveId, rejectId] = pendingIds as [number, number];
    const approved = await execute(page, 'approveQuery', 'approved', approveId);
    expect(approved.status).toBe(200);
    expect(JSON.parse(approved.body)).toMatchObject({ id: approveId, status: 'approved' });

    // The reject body comes pre-filled with an example reason.
    const reject = page.locator('.opblock[id$="-rejectQuery"]');
    await reject.locator('.opblock-summary').first().click();
    await expect.poll(async () => JSON.parse(await reject.locator('textarea.body-param__text').inputValue()).reason).toMatch(/\w+ \w+/);
    const rejected = await execute(page, 'rejectQuery', 'rejected', rejectId);
    expect(rejected.status).toBe(200);
    expect(JSON.parse(rejected.body)).toMatchObject({ id: rejectId, status: 'rejected' });

    const again = await execute(page, 'approveQuery', 'approve-again-409', rejectId);
    expect(again.status).toBe(409);
    expect(JSON.parse(again.body)).toMatchObject({ status: 409, title: 'Conflict' });
    expect(JSON.parse(again.body).detail).toMatch(/rejected/);

    // Every call went with the token of the login: issued by the provider, for carol, for this service.
    expect(apiCalls.length).toBeGreaterThanOrEqual(4);
    for (const call of apiCalls) {
      expect(call.authorization, call.url).toMatch(/^Bearer /);
      const { payload } = decodeToken(call.authorization!.slice('Bearer '.length));
      expect(payload).toMatchObject({ iss: oidc.issuer, sub: CURATOR.name, aud: oidc.audience, roles: ['curator'] });
    }
    await context.close();
  }, 120_000);

  it('renders ReDoc with the network to anything but 127.0.0.1 cut off', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const blocked: string[] = [];
    await context.route('**/*', async (route) => {
      if (new URL(route.request().url()).hostname === '127.0.0.1') return route.continue();
      blocked.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    await page.goto(`${service.url}/redoc`);
    await page.locator('h1', { hasText: 'Conversational Query and Knowledge Service' }).waitFor();
    await page.locator('[data-section-id="tag/Query-curation"]').first().waitFor();
    await expect.poll(() => page.locator('text=Approve a pending query').count()).toBeGreaterThan(0);
    await shot(page, 'redoc-offline');
    await expect.poll(() => page.locator('img[alt="redocly logo"]').evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0)).toBe(true);
    expect(failures).toEqual([]);
    expect(blocked).toEqual([]);
    await context.close();
  }, 60_000);

  it('uploads a document through Swagger UI with `replaces` left empty, and lists it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${service.url}/docs`);
    await page.locator('.swagger-ui .info .title').waitFor();
    // A token pasted into the bearer field, as a user without the login would.
    await page.locator('button.authorize').first().click();
    const bearer = page.locator('.auth-container').filter({ hasText: 'bearerAuth' });
    await bearer.locator('input').fill(await oidc.getToken({ roles: ['user'] }));
    await bearer.locator('button.authorize').click();
    await page.locator('.modal-ux button.close-modal').click();

    const upload = page.locator('.opblock[id$="-uploadDocuments"]');
    await upload.locator('.opblock-summary').first().click();
    await upload.locator('input[type="file"]').first().setInputFiles({ name: 'swagger-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Notes uploaded from the API docs.\n') });
    // No id is pre-filled; a cleared field (sent as `replaces=`) is no replacement.
    const replaces = upload.locator('tr[data-property-name="replaces"] input:not([type="checkbox"])');
    expect(await replaces.inputValue()).toBe('');
    // "Send empty value" makes Swagger UI send `replaces=` for sure: the service reads it as no replacement.
    const sendEmpty = upload.locator('tr[data-property-name="replaces"] input[type="checkbox"]');
    if (await sendEmpty.count()) await sendEmpty.check();
    await shot(upload, 'upload-form');
    const uploaded = await execute(page, 'uploadDocuments', 'uploaded');
    expect(uploaded.status, uploaded.body).toBe(201);
    const docId = (JSON.parse(uploaded.body) as { items: { doc_id: string; file_name: string }[] }).items[0]!;
    expect(docId.file_name).toBe('swagger-notes.txt');

    const listed = await execute(page, 'listDocuments', 'documents-listed');
    expect(listed.status).toBe(200);
    expect((JSON.parse(listed.body) as { items: { doc_id: string }[] }).items.map((d) => d.doc_id)).toContain(docId.doc_id);
    await context.close();
  }, 90_000);
});
