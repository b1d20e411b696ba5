import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUploadDir } from '../../../server/shared/uploads';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-upload-dir-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('openUploadDir', () => {
  it('uses DATA_DIR/uploads beside the served app', () => {
    const dataDir = path.join(root, 'data');
    const r = openUploadDir({ dataDir, distDir: path.join(root, 'dist') });
    expect(r).toEqual({ dir: path.join(dataDir, 'uploads'), temporary: false });
    expect(fs.statSync(r.dir).isDirectory()).toBe(true);
  });

  it.each([
    ['DATA_DIR inside the served app', 'dist/data'],
    ['DATA_DIR/uploads being the served app', '.'],
  ])('refuses %s', (_, dataRel) => {
    const distDir = dataRel === '.' ? path.join(root, 'uploads') : path.join(root, 'dist');
    const dataDir = path.join(root, dataRel);
    expect(() => openUploadDir({ dataDir, distDir })).toThrow(/inside the served app/);
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('makes a temporary directory for an in-memory database', () => {
    const r = openUploadDir({ dataDir: ':memory:', distDir: path.join(root, 'dist') });
    try {
      expect(r.temporary).toBe(true);
      expect(path.basename(r.dir)).toMatch(/^exchange-uploads-/);
      expect(fs.statSync(r.dir).isDirectory()).toBe(true);
    } finally {
      fs.rmSync(r.dir, { recursive: true, force: true });
    }
  });
});
