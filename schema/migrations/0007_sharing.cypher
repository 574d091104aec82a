// 0007_sharing: membership records of shared Spaces (graph.SharingStore).
// (:Space)-[:HAS_MEMBER]->(:SpaceMember {owner, space_id, member, role,
// state}): one record per Space and member, found by the space (the owner's
// side) and by the member (the resolver, graph.SharingStore.SpaceAccess).
//
// Never edit this file once it has been applied anywhere; add a new
// numbered migration instead. Every statement must be safe to run again.
CREATE CONSTRAINT space_member_space_member IF NOT EXISTS FOR (n:SpaceMember) REQUIRE (n.space_id, n.member) IS UNIQUE;
CREATE INDEX space_member_member IF NOT EXISTS FOR (n:SpaceMember) ON (n.member, n.state);
CREATE INDEX space_member_owner_space IF NOT EXISTS FOR (n:SpaceMember) ON (n.owner, n.space_id);
