import { Children, cloneElement, isValidElement, type ReactNode, type Ref } from "react";

type AnyProps = Record<string, unknown>;

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

/** One ref that fills both (either may be missing). */
function mergeRefs<T>(a: Ref<T> | undefined, b: Ref<T> | undefined): Ref<T> | undefined {
  if (!a || !b) return a ?? b;
  return (value: T | null) => {
    assignRef(a, value);
    assignRef(b, value);
  };
}

/**
 * The slot's props laid over the child's: the child's win, except that event handlers run both (the
 * child's first), `className`s are joined and `style`s merged.
 */
function mergeProps(slot: AnyProps, child: AnyProps): AnyProps {
  const merged: AnyProps = { ...slot, ...child };
  for (const key of Object.keys(child)) {
    const mine = slot[key];
    const theirs = child[key];
    if (mine === undefined || theirs === undefined) continue;
    if (/^on[A-Z]/.test(key) && typeof mine === "function" && typeof theirs === "function") {
      merged[key] = (...args: unknown[]) => {
        const result = theirs(...args);
        mine(...args);
        return result;
      };
    } else if (key === "className") merged[key] = `${String(mine)} ${String(theirs)}`;
    else if (key === "style") merged[key] = { ...(mine as object), ...(theirs as object) };
  }
  return merged;
}

/**
 * `asChild` for our components (the Button): renders its only child with the slot's props merged in,
 * e.g. a Link that looks like a button. Radix's Slot does the same for the Radix parts; this small
 * one keeps it out of screens that only need buttons (the sign-in page's first load).
 */
export function Slot({ children, ref, ...props }: AnyProps & { children?: ReactNode; ref?: Ref<unknown> }) {
  const child = Children.only(children);
  if (!isValidElement<AnyProps>(child)) return null;
  const merged = mergeProps(props, child.props);
  const childRef = child.props.ref as Ref<unknown> | undefined;
  const combined = mergeRefs(ref, childRef);
  return cloneElement(child, combined ? { ...merged, ref: combined } : merged);
}
