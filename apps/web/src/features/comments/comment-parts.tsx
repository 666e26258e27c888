import { SENTIMENT_COLORS, type CommentSentiment } from "@hearth/shared";
import { Anchor, Text } from "@mantine/core";
import { useState } from "react";
import { truncateComment } from "./comment-helpers";
import classes from "./comments.module.css";

const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** A sentiment with its spec colour beside the word (colour is never the only signal). */
export function SentimentLabel({ sentiment }: { sentiment: CommentSentiment }) {
  return (
    <Text span size="sm">
      <span className={classes.sentimentDot} style={{ background: SENTIMENT_COLORS[sentiment] }} aria-hidden />
      {sentiment === "none" ? "None" : capitalise(sentiment)}
    </Text>
  );
}

/** A comment cut to 100 characters with a control to read it all (spec surveys §9). */
export function CommentText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const short = truncateComment(text);
  return (
    <Text size="sm" className={classes.commentText}>
      {open || !short.cut ? text : short.text}{" "}
      {short.cut && (
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
          {open ? "Show less" : "Show more"}
        </Anchor>
      )}
    </Text>
  );
}
