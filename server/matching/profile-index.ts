import type { Catalog, FieldDefinition } from '../../contract/catalog';
import { CANDIDATE_TYPES } from '../../contract/user-types';
import { type Column, columnFor, resized } from './columns';

/**
 * The in-memory, columnar index of the active candidate profiles that matching reads: one typed
 * array per indexed field (only the profile fields some job criterion compares with), the uuid as
 * four 32-bit words (ranking breaks ties by uuid, and a word compare is a string compare), the type
 * as a byte (0 = free row) and an open-addressing hash from uuid to row. Deleted rows are reused.
 */

export interface IndexedProfile {
  uuid: string;
  type: string;
  status: string;
  values: Record<string, unknown>;
}

/** Type codes: 0 marks a free row, so a scan needs no separate liveness array. */
export const TYPE_CODE: Record<string, number> = Object.fromEntries(
  CANDIDATE_TYPES.map((t, i) => [t, i + 1]),
);
export const TYPE_NAMES: readonly string[] = ['', ...CANDIDATE_TYPES];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMPTY_SLOT = -1;
const GROWTH = 1.25;

export class ProfileIndex {
  /** Rows in use or free; the scan covers 0 … rowCount-1. */
  rowCount = 0;
  capacity: number;
  types: Uint8Array;
  uuids: Uint32Array;
  readonly columns = new Map<string, Column>();
  /** Counts every upsert and removal: results computed from the index hold while it is unchanged. */
  changes = 0;
  private live = 0;
  private readonly free: number[] = [];
  private slots: Int32Array;
  private slotMask: number;

  /** Indexes the profile fields that the job catalogue's criteria compare with. */
  constructor(
    readonly catalog: Catalog,
    expectedProfiles = 1024,
  ) {
    this.capacity = Math.max(16, Math.ceil(expectedProfiles * 1.02));
    this.types = new Uint8Array(this.capacity);
    this.uuids = new Uint32Array(this.capacity * 4);
    const slotCount = 2 ** Math.ceil(Math.log2(this.capacity * 2));
    this.slots = new Int32Array(slotCount).fill(EMPTY_SLOT);
    this.slotMask = slotCount - 1;
    const profileFields = new Map(catalog.profile.map((f) => [f.key, f]));
    for (const field of catalog.job) {
      if (!field.criterion || this.columns.has(field.criterion.profileKey)) continue;
      const target = profileFields.get(field.criterion.profileKey) as FieldDefinition;
      this.columns.set(target.key, columnFor(target, this.capacity));
    }
  }

  /** Active profiles in the index. */
  get size(): number {
    return this.live;
  }

  /** Adds or replaces a profile; an inactive (or non-candidate) profile is removed instead. */
  upsert(profile: IndexedProfile): void {
    this.changes++;
    const typeCode = TYPE_CODE[profile.type];
    if (profile.status !== 'active' || typeCode === undefined) {
      this.remove(profile.uuid);
      return;
    }
    let row = this.rowOf(profile.uuid);
    if (row < 0) {
      row = this.allocate();
      this.writeUuid(row, profile.uuid);
      this.insertSlot(row);
      this.live++;
    }
    this.types[row] = typeCode;
    for (const [key, column] of this.columns) column.set(row, profile.values[key]);
  }

  /** Removes a profile; false when it was not indexed. */
  remove(uuid: string): boolean {
    const row = this.rowOf(uuid);
    if (row < 0) return false;
    this.changes++;
    this.deleteSlot(row);
    this.types[row] = 0;
    for (const column of this.columns.values()) column.set(row, undefined);
    this.free.push(row);
    this.live--;
    return true;
  }

  /** The row of a uuid, or -1. */
  rowOf(uuid: string): number {
    const key = parseUuid(uuid);
    if (!key) return -1;
    for (let slot = this.hash(key[0]!, key[3]!); ; slot = (slot + 1) & this.slotMask) {
      const row = this.slots[slot]!;
      if (row === EMPTY_SLOT) return -1;
      const at = row * 4;
      if (
        this.uuids[at] === key[0] &&
        this.uuids[at + 1] === key[1] &&
        this.uuids[at + 2] === key[2] &&
        this.uuids[at + 3] === key[3]
      ) {
        return row;
      }
    }
  }

  uuidOf(row: number): string {
    const at = row * 4;
    const b = this.uuids[at + 1]!;
    const c = this.uuids[at + 2]!;
    // By table, a byte at a time: a run names thousands of rows.
    return `${hex8(this.uuids[at]!)}-${hex4(b >>> 16)}-${hex4(b)}-${hex4(c >>> 16)}-${hex4(c)}${hex8(this.uuids[at + 3]!)}`;
  }

  typeOf(row: number): string {
    return TYPE_NAMES[this.types[row]!] ?? '';
  }

  /** A row's value of an indexed field, as the catalogue schema outputs it (undefined when missing). */
  valueOf(row: number, key: string): unknown {
    return this.columns.get(key)?.get(row);
  }

  /** Bytes held by the index's arrays (capacity included) and dictionaries. */
  bytes(): number {
    let total = this.types.byteLength + this.uuids.byteLength + this.slots.byteLength + this.free.length * 8;
    for (const column of this.columns.values()) total += column.bytes();
    return total;
  }

  private allocate(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.rowCount === this.capacity) this.grow(Math.ceil(this.capacity * GROWTH));
    return this.rowCount++;
  }

  private grow(capacity: number): void {
    this.capacity = capacity;
    this.types = resized(this.types, capacity);
    this.uuids = resized(this.uuids, capacity * 4);
    for (const column of this.columns.values()) column.resize(capacity);
    if (capacity * 2 > this.slots.length) {
      const slotCount = 2 ** Math.ceil(Math.log2(capacity * 2));
      this.slots = new Int32Array(slotCount).fill(EMPTY_SLOT);
      this.slotMask = slotCount - 1;
      for (let row = 0; row < this.rowCount; row++) if (this.types[row] !== 0) this.insertSlot(row);
    }
  }

  private hash(w0: number, w3: number): number {
    // Version 4 uuids are random in the last word, version 7 start with a timestamp: mix both ends.
    return (Math.imul(w3 ^ Math.imul(w0, 0x85ebca6b), 0x9e3779b1) >>> 0) & this.slotMask;
  }

  private writeUuid(row: number, uuid: string): void {
    const key = parseUuid(uuid);
    if (!key) throw new Error(`not a uuid: ${uuid}`);
    this.uuids.set(key, row * 4);
  }

  private insertSlot(row: number): void {
    let slot = this.hash(this.uuids[row * 4]!, this.uuids[row * 4 + 3]!);
    while (this.slots[slot] !== EMPTY_SLOT) slot = (slot + 1) & this.slotMask;
    this.slots[slot] = row;
  }

  /** Linear probing with backward-shift deletion: no tombstones, probes stay short. */
  private deleteSlot(row: number): void {
    let slot = this.hash(this.uuids[row * 4]!, this.uuids[row * 4 + 3]!);
    while (this.slots[slot] !== row) slot = (slot + 1) & this.slotMask;
    let hole = slot;
    for (
      let next = (hole + 1) & this.slotMask;
      this.slots[next] !== EMPTY_SLOT;
      next = (next + 1) & this.slotMask
    ) {
      const moved = this.slots[next]!;
      const home = this.hash(this.uuids[moved * 4]!, this.uuids[moved * 4 + 3]!);
      // Move the entry into the hole unless its home lies cyclically in (hole, next].
      const between = hole <= next ? home > hole && home <= next : home > hole || home <= next;
      if (!between) {
        this.slots[hole] = moved;
        hole = next;
      }
    }
    this.slots[hole] = EMPTY_SLOT;
  }
}

const HEX2: readonly string[] = Array.from({ length: 256 }, (_, x) => x.toString(16).padStart(2, '0'));

/** The low 16 bits as four hex digits. */
function hex4(x: number): string {
  return HEX2[(x >>> 8) & 0xff]! + HEX2[x & 0xff]!;
}

function hex8(word: number): string {
  return hex4(word >>> 16) + hex4(word);
}

/** A lowercase uuid as four 32-bit words (big-endian), or null. */
export function parseUuid(uuid: string): Uint32Array | null {
  const s = uuid.toLowerCase();
  if (!UUID.test(s)) return null;
  return Uint32Array.of(
    Number.parseInt(s.slice(0, 8), 16),
    Number.parseInt(s.slice(9, 13) + s.slice(14, 18), 16),
    Number.parseInt(s.slice(19, 23) + s.slice(24, 28), 16),
    Number.parseInt(s.slice(28, 36), 16),
  );
}
