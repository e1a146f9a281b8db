/** Background Sync is not in TypeScript's DOM library yet (Chromium has it, Safari and Firefox not). */
export interface SyncManagerLike {
  register(tag: string): Promise<void>;
  getTags(): Promise<string[]>;
}

export interface SyncEventLike extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

declare global {
  var SyncManager: { prototype: SyncManagerLike } | undefined;
  interface ServiceWorkerRegistration {
    readonly sync?: SyncManagerLike;
  }
}
