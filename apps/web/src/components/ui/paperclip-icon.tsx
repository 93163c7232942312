/**
 * A paperclip drawn inline, for attachments: an emoji (📎) needs a font the machine may lack and then shows as a
 * box. Decoration only: the text beside it names the file.
 */
export function PaperclipIcon() {
  return (
    <svg className="attachment-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
