import { type CompanyInvitee, cohortLabel } from "@hearth/shared";
import { Table } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { memo } from "react";
import { cohortColumns, lastInvitations } from "./company-invitee-rules";
import classes from "./invitees.module.css";
import { LastInvitations } from "./last-invitations";
import { fullName } from "./sent-invitee-rules";

interface CompanyInviteeTableProps {
  invitees: CompanyInvitee[];
  surveys: { id: string; name: string }[];
}

interface RowProps {
  invitee: CompanyInvitee;
  cohorts: string[];
  surveys: CompanyInviteeTableProps["surveys"];
}

/** A table row of plain elements styled with Mantine's table classes (a page holds up to 1000 of them). */
function InviteeRow({ invitee, cohorts, surveys }: RowProps) {
  return (
    <tr className={Table.classes.tr} data-with-row-border data-hover data-testid="company-invitee-row" data-email={invitee.email}>
      <td className={`${Table.classes.td} ${classes.name}`}>{fullName(invitee) || "—"}</td>
      <td className={`${Table.classes.td} ${classes.email}`}>{invitee.email}</td>
      {cohorts.map((key) => (
        <td key={key} className={Table.classes.td}>
          {invitee.meta[key]?.trim() || "—"}
        </td>
      ))}
      <td className={`${Table.classes.td} ${classes.lastCell}`}>
        <LastInvitations entries={lastInvitations(invitee.mostRecentEmails, surveys)} email={invitee.email} />
      </td>
    </tr>
  );
}

function InviteeCard({ invitee, cohorts, surveys }: RowProps) {
  const name = fullName(invitee);
  const cohortValues = cohorts.filter((key) => invitee.meta[key]?.trim());
  return (
    <li className={classes.card} data-testid="company-invitee-row" data-email={invitee.email}>
      <div className={classes.cardTitle}>{name || invitee.email}</div>
      {name && <div className={`${classes.dimmed} ${classes.email}`}>{invitee.email}</div>}
      {cohortValues.length > 0 && (
        <dl className={classes.fields}>
          {cohortValues.map((key) => (
            <div key={key}>
              <dt>{cohortLabel(key)}</dt>
              <dd>{invitee.meta[key]}</dd>
            </div>
          ))}
        </dl>
      )}
      <span className={classes.label}>Last invitation</span>
      <LastInvitations entries={lastInvitations(invitee.mostRecentEmails, surveys)} email={invitee.email} />
    </li>
  );
}

/**
 * Everyone the company invited: a table that scrolls sideways when it must, a card per person under 600 px.
 * Memoised, so typing in the filters above does not re-render a page of 1000 people.
 */
export const CompanyInviteeTable = memo(function CompanyInviteeTable({ invitees, surveys }: CompanyInviteeTableProps) {
  const phone = useMediaQuery("(max-width: 37.4375em)", false);
  const cohorts = cohortColumns(invitees);

  if (phone) {
    return (
      <ul className={classes.cards} aria-label="Invitees">
        {invitees.map((invitee) => (
          <InviteeCard key={invitee.email} invitee={invitee} cohorts={cohorts} surveys={surveys} />
        ))}
      </ul>
    );
  }

  return (
    <Table.ScrollContainer minWidth={Math.max(720, 560 + cohorts.length * 130)} type="native">
      <Table aria-label="Invitees" verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            {cohorts.map((key) => (
              <Table.Th key={key}>{cohortLabel(key)}</Table.Th>
            ))}
            <Table.Th>Last invitation</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <tbody className={Table.classes.tbody}>
          {invitees.map((invitee) => (
            <InviteeRow key={invitee.email} invitee={invitee} cohorts={cohorts} surveys={surveys} />
          ))}
        </tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
