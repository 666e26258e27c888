import { Text } from "@mantine/core";
import { IconArrowsHorizontal } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import classes from "./reports.module.css";

/**
 * A wide table that scrolls sideways inside its own box (never the page): a shadow on each edge that has more to see,
 * and a line saying so while anything is out of view. The box takes keyboard focus so arrow keys scroll it.
 */
export function ScrollFrame({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const box = useRef<HTMLElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, []);

  const overflowing = edges.left || edges.right;
  return (
    <div>
      <div className={classes.scrollFrame} data-more-left={edges.left || undefined} data-more-right={edges.right || undefined}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it. */}
        <section ref={box} className={classes.scrollBox} tabIndex={0} aria-label={label} data-testid={testId}>
          {children}
        </section>
      </div>
      {overflowing && (
        <Text size="xs" c="dimmed" mt={6} className={classes.scrollHint} data-testid="scroll-hint">
          <IconArrowsHorizontal size={14} aria-hidden /> Scroll sideways to see every column.
        </Text>
      )}
    </div>
  );
}
