/** A promise settled after `ms`: the spec's fixed pauses (toasts after a change, an indicator's least time). */
export const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
