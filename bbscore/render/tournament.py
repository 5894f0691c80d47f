"""A tournament and the players' ratings at the terminal (rich): the round just made, the standings with each round's
results, the rating table.  Names no game."""

from __future__ import annotations

from rich.table import Table

from bbscore.i18n import N_, _
from bbscore.render.layout import console, print_fitting, styled
from bbscore.tournament_export import (RATING_COLUMNS, cell, columns, figure, header, legend, places, rating_places,
                                       round_cell, text, values)

TEXT = {
    "created": N_("Турнир в {folder} ({game}): участников {count}, {system}, правила {convention}, туров {rounds}."),
    "round": N_("Тур {number}:"),
    "table": N_("  стол {number}: {entrants} — {sheet}"),
    "bye": N_("  пропускает тур: {names}"),
    "written": N_("Записано листов: {count} (вести их: {commands})."),
    "paired": N_("Тур {number} расписан в {folder}."),
    "rating": N_("Рейтинг: игр {games}, игроков {players}"),
    "skipped": N_("Не окончены и не учтены: {count}."),
}


def created(tournament, rounds, written: int, commands: str) -> None:
    """What ``tournament new`` made: the tournament, each round's tables and byes, the sheets written and
    ``commands``, those that keep them."""
    out = console()
    from bbscore import games

    game = games.of(tournament.game)
    out.print(_(TEXT["created"]).format(folder=tournament.folder, game=_(game.title), count=len(tournament.entrants),
                                        system=text(tournament.system), convention=tournament.convention,
                                        rounds=tournament.rounds))
    for round_ in rounds:
        schedule(out, round_)
    out.print(_(TEXT["written"]).format(count=written, commands=commands))


def schedule(out, round_) -> None:
    """One round's tables (entrants and sheet) and byes."""
    out.print(_(TEXT["round"]).format(number=round_.number))
    for table in round_.tables:
        out.print(_(TEXT["table"]).format(number=table.number, entrants=" — ".join(table.entrants), sheet=table.sheet))
    if round_.byes:
        out.print(_(TEXT["bye"]).format(names=", ".join(round_.byes)))


def paired(tournament, round_) -> None:
    out = console()
    out.print(_(TEXT["paired"]).format(number=round_.number, folder=tournament.folder))
    schedule(out, round_)


def standings(table, people: dict, title: str, meta: str) -> None:
    """The standings as a table that fits the terminal (else a line an entrant), then the notes."""
    out = console()
    out.print(styled(title, "bold"))
    out.print(meta)
    keys = columns(table)
    numbers = places(table)
    count = max([table.rounds, *(game.round for line in table.lines for game in line.games)])
    grid = Table(title=None)
    for key in keys:
        grid.add_column(header(key), justify="left" if key in ("entrant", "players") else "right")
    for n in range(1, count + 1):
        grid.add_column(text("r").format(number=n), justify="center")
    for line in table.lines:
        row = values(line, people, numbers[line.name])
        cells = [cell(row[key]) for key in keys]
        by_round = {game.round: game for game in line.games}
        cells += [round_cell(by_round[n], numbers) if n in by_round else "" for n in range(1, count + 1)]
        grid.add_row(*cells)
    print_fitting(out, grid)
    out.print(legend(table))
    out.print(text("legend"))
    if table.unfinished:
        out.print(text("open").format(sheets=", ".join(table.unfinished)))
    if table.wrong:
        out.print(styled(text("wrong"), "yellow"))
        for sheet, slips in table.wrong.items():
            out.print(f"  {sheet}: {'; '.join(slips)}")
    if table.errors:
        out.print(styled(text("errors"), "red"))
        for reason in table.errors.values():  # (the reason names the file)
            out.print(f"  {reason}")


def rating(ratings, skipped: int) -> None:
    """The rating table: place, player, rating, μ, σ, games, wins, draws."""
    out = console()
    grid = Table(title=_(TEXT["rating"]).format(games=len(ratings.games), players=len(ratings.players)), title_justify="left")
    for key in RATING_COLUMNS:
        grid.add_column(text(key), justify="left" if key == "player" else "right")
    for place, player in zip(rating_places(ratings.players), ratings.players):
        grid.add_row(str(place), player.name, figure(player.rating), figure(player.mu), figure(player.sigma),
                     str(player.games), str(player.wins), str(player.draws))
    print_fitting(out, grid)
    out.print(text("rating_meta").format(games=len(ratings.games)))
    if skipped:
        out.print(_(TEXT["skipped"]).format(count=skipped))
