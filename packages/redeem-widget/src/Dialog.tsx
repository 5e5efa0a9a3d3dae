/** A modal dialog (the browser's own <dialog>: focus held inside, Escape closes it). */
import { Component, createRef, type ComponentChildren, type RefObject } from 'preact';

interface Props {
  title: string;
  button: string;
  tone: 'done' | 'fail';
  onClose(): void;
  children: ComponentChildren;
}

export class Dialog extends Component<Props> {
  declare ref: RefObject<HTMLDialogElement>;

  constructor(props: Props) {
    super(props);
    this.ref = createRef();
  }

  override componentDidMount() {
    this.ref.current?.showModal();
  }

  render({ title, button, tone, onClose, children }: Props) {
    return (
      <dialog ref={this.ref} class={tone} aria-labelledby="dialog-title" onClose={onClose}>
        <h2 id="dialog-title">{title}</h2>
        {children}
        <button type="button" class="primary" autoFocus onClick={() => this.ref.current?.close()}>
          {button}
        </button>
      </dialog>
    );
  }
}
