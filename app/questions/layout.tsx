// Owner screens get the sidebar; the sign-in and support pages, outside these sections, do not.
export { OwnerShell as default } from "@/components/shell/owner-shell";
