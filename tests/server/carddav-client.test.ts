// A real CardDAV client that no one on the project wrote, vdirsyncer (Debian's package; .ci/run installs
// it when missing), against the server listening on loopback: it discovers the address book from the
// server's root, syncs every contact into files, syncs a change and a deletion, and is refused once its
// app password is revoked.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithAddressBook, PEOPLE } from './carddav-support';
import { bearer, useTestApp } from './helpers';

const VDIRSYNCER = process.env.VDIRSYNCER ?? 'vdirsyncer';

interface Run {
  code: number | null;
  output: string;
}

function vdirsyncer(config: string, args: string[], input = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(VDIRSYNCER, ['--config', config, ...args], {
      env: { ...process.env, LANG: 'C.UTF-8' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', (error) =>
      reject(
        new Error(
          `${VDIRSYNCER} could not start (apt-get install vdirsyncer; .ci/run does): ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(input);
  });
}

describe('vdirsyncer, a CardDAV client, against the server', () => {
  const t = useTestApp();
  let directory = '';
  let config = '';
  let ada: Awaited<ReturnType<typeof memberWithAddressBook>>;

  /** The cards vdirsyncer wrote, as their text, by file. */
  async function syncedCards(): Promise<string[]> {
    const book = join(directory, 'contacts', 'tapnet');
    const files = (await readdir(book)).filter((file) => file.endsWith('.vcf'));
    return Promise.all(files.map((file) => readFile(join(book, file), 'utf8')));
  }

  beforeAll(async () => {
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t().app.server.address() as AddressInfo;
    ada = await memberWithAddressBook(t());
    directory = await mkdtemp(join(tmpdir(), 'tapnet-vdirsyncer-'));
    config = join(directory, 'config');
    await writeFile(
      config,
      [
        '[general]',
        `status_path = "${join(directory, 'status')}/"`,
        '',
        '[pair tapnet]',
        'a = "tapnet_remote"',
        'b = "tapnet_local"',
        'collections = ["from a"]',
        '',
        '[storage tapnet_remote]',
        'type = "carddav"',
        // The server's root, nothing more: the client finds the address book itself.
        `url = "http://127.0.0.1:${port}/"`,
        `username = "${ada.email}"`,
        `password = "${ada.appPassword.password}"`,
        '',
        '[storage tapnet_local]',
        'type = "filesystem"',
        `path = "${join(directory, 'contacts')}/"`,
        'fileext = ".vcf"',
        '',
      ].join('\n'),
    );
  });

  afterAll(async () => {
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('discovers the address book from the server root and syncs every contact', async () => {
    // vdirsyncer asks whether to create the local side of the collection it found.
    const discovered = await vdirsyncer(config, ['discover', 'tapnet'], 'y\n');
    expect(discovered.output).toContain('tapnet');
    expect(discovered.code, discovered.output).toBe(0);
    const synced = await vdirsyncer(config, ['sync', 'tapnet']);
    expect(synced.code, synced.output).toBe(0);
    const cards = await syncedCards();
    expect(cards).toHaveLength(PEOPLE.length);
    for (const person of PEOPLE) expect(cards.some((card) => card.includes(`FN:${person.name}`))).toBe(true);
  });

  it('brings a change and a deletion made in Tapnet on the next sync', async () => {
    const [graceId, linusId] = ada.contactIds;
    await t().app.inject({
      method: 'PUT',
      url: `/api/contact/${graceId}`,
      headers: bearer(ada.accessToken),
      payload: { notes: 'Send her the compiler paper' },
    });
    await t().app.inject({
      method: 'DELETE',
      url: `/api/contact/${linusId}`,
      headers: bearer(ada.accessToken),
    });
    const synced = await vdirsyncer(config, ['sync', 'tapnet']);
    expect(synced.code, synced.output).toBe(0);
    const cards = await syncedCards();
    expect(cards).toHaveLength(PEOPLE.length - 1);
    expect(cards.some((card) => card.includes('FN:Linus Pauling'))).toBe(false);
    expect(cards.find((card) => card.includes('FN:Grace Hopper'))).toContain(
      'NOTE:Send her the compiler paper',
    );
  });

  it('is refused once its app password is revoked', async () => {
    await t().app.inject({
      method: 'DELETE',
      url: `/api/user/app-passwords/${ada.appPassword.id}`,
      headers: bearer(ada.accessToken),
    });
    const refused = await vdirsyncer(config, ['sync', 'tapnet']);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/401|Unauthorized/i);
    // What it had synced stays on the device; nothing is deleted by a refusal.
    expect(await syncedCards()).toHaveLength(PEOPLE.length - 1);
  });
});
