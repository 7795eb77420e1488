/**
 * An e-mail address that may wrap after its "@" on a narrow screen, never inside the name or the
 * domain ("klinikum@matchw / erk.example" was the alternative in a narrow table cell).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
