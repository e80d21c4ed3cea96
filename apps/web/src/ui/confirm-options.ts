/** What the confirm dialogue asks (useConfirm in confirm.tsx). */
export interface ConfirmOptions {
  title?: string;
  body?: string;
  /**
   * The confirming button's label: a verb and its object ("Delete 3 items", "Delete board"),
   * never "Yes" or "OK", so the button alone says what pressing it does.
   */
  action: string;
  /** A change that takes something away (the default) gets the danger button; a reset does not. */
  isDestructive?: boolean;
}
