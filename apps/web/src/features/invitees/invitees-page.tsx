/** Placeholder while the invitees page is being built in this branch of work; replaced before the issue closes. */
export function InviteesPage() {
  return <div />;
}
