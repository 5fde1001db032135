/** Which members are in which groups, both ways round, so a member leaves every group in one call. */
export function createGroupRegistry<TMember>() {
  const membersByGroup = new Map<string, Set<TMember>>();
  const groupsByMember = new Map<TMember, Set<string>>();

  return {
    add(member: TMember, group: string): void {
      let members = membersByGroup.get(group);
      if (members === undefined) {
        members = new Set();
        membersByGroup.set(group, members);
      }
      members.add(member);
      let groups = groupsByMember.get(member);
      if (groups === undefined) {
        groups = new Set();
        groupsByMember.set(member, groups);
      }
      groups.add(group);
    },

    remove(member: TMember, group: string): void {
      const members = membersByGroup.get(group);
      if (members !== undefined) {
        members.delete(member);
        if (members.size === 0) {
          membersByGroup.delete(group);
        }
      }
      const groups = groupsByMember.get(member);
      if (groups !== undefined) {
        groups.delete(group);
        if (groups.size === 0) {
          groupsByMember.delete(member);
        }
      }
    },

    removeMember(member: TMember): void {
      const groups = groupsByMember.get(member);
      if (groups === undefined) {
        return;
      }
      for (const group of groups) {
        const members = membersByGroup.get(group);
        members?.delete(member);
        if (members?.size === 0) {
          membersByGroup.delete(group);
        }
      }
      groupsByMember.delete(member);
    },

    members(group: string): ReadonlySet<TMember> | undefined {
      return membersByGroup.get(group);
    },

    groupsOf(member: TMember): ReadonlySet<string> | undefined {
      return groupsByMember.get(member);
    },
  };
}
