"""Groups: starting one, joining one by its invite, and what a member may do with it
(a new invite, signing out the other phones, switching between a phone's groups)."""

from flask import Blueprint, abort, flash, g, redirect, render_template, url_for

from .. import limits, once, queries, services
from ..extensions import db
from ..forms import ConfirmForm, GroupNameForm, StartGroupForm
from ..i18n import gettext, ngettext, sentence
from ..models import Group
from ..services import groups
from ..services.changes import Answer, once_only
from ..address import public_url
from .access import current_group_id, forget, remember, show_group
from .once import key_of
from .live import qr_svg

bp = Blueprint("groups", __name__)


@bp.route("/groups/new", methods=["GET", "POST"])
def start():
    form = StartGroupForm(action="group")
    if not form.validate_on_submit():
        return render_template("groups/start.html", form=form), 422 if form.errors else 200
    started = []

    def start_group():
        limits.count("group")
        started.append(groups.start_group(form.name.data, once.phone()))
        group_id = started[0].group_id
        return Answer(url_for("groups.show", group_id=group_id), None, group_id)

    try:
        answer = once_only(key_of(form), start_group)
    except limits.Limited as error:
        form.name.errors.append(sentence(error))
        return render_template("groups/start.html", form=form), 429
    if answer.repeat:
        # a second tap (or a retry after a lost answer) on this phone's form: the first
        # tap's group, while this phone is still in it (the membership is the database's,
        # so a lost answer lost nothing); a phone signed out of it since is not let back
        # in. Read now: the first tap may have committed after this request's guard read
        if answer.group_id not in {m.group_id for m in groups.memberships(once.phone())[0]}:
            flash(gettext("This form started a group that this phone is no longer in. To get "
                          "back in, open the group's invite link."))
            return redirect(url_for("main.home"), 303)
        return redirect(answer.location)
    db.session.commit()
    remember(started[0])
    flash(gettext("%(group)s is started. Show the code to the others at the table to bring "
                  "their phones in.", group=started[0].name))
    return redirect(answer.location)


@bp.route("/join/<int:group_id>/<token>", methods=["GET", "POST"])
def join(group_id, token):
    group = groups.invited(group_id, token)
    if group is None:
        return invite_gone()
    if group_id in {m.group_id for m in g.memberships}:
        show_group(group_id)
        return redirect(url_for("main.home"), 303)
    form = ConfirmForm()
    status = None
    if form.validate_on_submit():
        # read again with the group held: signing out the other phones replaces the
        # invite, and a join must come wholly before that or not at all
        if groups.invited(group_id, token, held=True) is None:
            db.session.rollback()
            return invite_gone()
        try:
            limits.count("join")
        except limits.Limited as error:
            db.session.rollback()
            form.form_errors.append(sentence(error))
            status = 429
        else:
            membership = groups.add_member(group, once.phone())
            db.session.commit()
            remember(membership)
            flash(gettext("This phone is in %(group)s now.", group=membership.name))
            return redirect(url_for("main.home"), 303)
    # the address holds the invite: a request from this page names only the site (which
    # is what Join's Origin check reads), never the path
    return (render_template("groups/join.html", group=group, form=form),
            status or (422 if form.errors else 200), {"Referrer-Policy": "strict-origin"})


def invite_gone():
    return render_template("error.html", title=gettext("This invite no longer works"),
                           message=gettext("Ask someone in the group to show you the new code "
                                           "on their phone.")), 404


@bp.get("/group")
def current():
    """The top bar's link: the page of the group the lists show."""
    return redirect(url_for("groups.show", group_id=current_group_id()))


# Each action names its group in the URL, so the guard checks it, and a phone in several
# groups acts on the group whose page it tapped, whatever another tab opened since.

@bp.get("/groups/<int:group_id>")
def show(group_id, name_form=None, status=200):
    group = db.session.get(Group, group_id)
    invite = public_url("groups.join", group_id=group.id, token=group.invite)
    members = queries.members(group.id)
    return render_template("groups/show.html", group=group, invite=invite, qr=qr_svg,
                           members=members, name_form=name_form or GroupNameForm(
                               name=group.name), form=ConfirmForm()), status


def confirmed():
    if not ConfirmForm().validate_on_submit():
        abort(400)


@bp.post("/groups/<int:group_id>/invite")
def new_invite(group_id):
    confirmed()
    try:
        limits.count("invite")
    except limits.Limited as error:
        db.session.rollback()
        flash(sentence(error), "error")
        return redirect(url_for("groups.show", group_id=group_id), 303)
    groups.new_invite(group_id)
    db.session.commit()
    flash(gettext("The old invite link and code no longer work. This is the new one."))
    return redirect(url_for("groups.show", group_id=group_id), 303)


@bp.post("/groups/<int:group_id>/sign-out-others")
def sign_out_others(group_id):
    confirmed()
    try:
        count = groups.sign_out_others(group_id, g.membership.member_id)
    except services.ServiceError as error:
        db.session.rollback()
        forget()
        flash(sentence(error))
        return redirect(url_for("main.home"), 303)
    db.session.commit()
    flash(ngettext("Signed out %(num)d other phone. They can join again with the invite link.",
                   "Signed out %(num)d other phones. They can join again with the invite link.",
                   count) if count else gettext("No other phone was in the group."))
    flash(gettext("The old invite link and code no longer work. This is the new one."))
    return redirect(url_for("groups.show", group_id=group_id), 303)


@bp.post("/groups/<int:group_id>/name")
def rename(group_id):
    form = GroupNameForm()
    if not form.validate_on_submit():
        return show(group_id, name_form=form, status=422)
    try:
        groups.rename_group(group_id, form.name.data)
    except services.ServiceError as error:
        form.name.errors.append(sentence(error))
        return show(group_id, name_form=form, status=422)
    db.session.commit()
    flash(gettext("The group's name is saved."))
    return redirect(url_for("groups.show", group_id=group_id), 303)


@bp.post("/groups/<int:group_id>/leave")
def leave(group_id):
    confirmed()
    member_id = g.membership.member_id
    groups.leave(member_id)
    db.session.commit()
    forget()
    flash(gettext("This phone left %(group)s.", group=g.membership.name))
    return redirect(url_for("main.home"), 303)


@bp.post("/groups/<int:group_id>/switch")
def switch(group_id):
    confirmed()
    show_group(group_id)
    return redirect(url_for("main.home"), 303)
