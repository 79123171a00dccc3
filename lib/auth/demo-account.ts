/**
 * The demo's account, whose password the README and the sign-in page
 * publish: everyone who opens the demo signs in as it, so none of them may
 * change what the others rely on (lib/auth/server.ts refuses its settings),
 * and each of its sessions works in a copy of the demo of its own
 * (lib/workspaces/demo-copies.ts).
 */
export const DEMO_OWNER = { id: "demo-owner", email: "demo@example.com", password: "demo-password", name: "Demo owner" } as const;

export function isDemoAccount(userId: string): boolean {
  return userId === DEMO_OWNER.id;
}
