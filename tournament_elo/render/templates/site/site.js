/* The rating list's search box and sortable columns: no library, no network.
   Without JavaScript the tables read as written (the list by rating). */
(function () {
  "use strict";

  /* Fold for searching and sorting, as the database folds names: lower case, no
     diacritics (NFD), Đ/đ as d (it has no decomposition), punctuation as a space. */
  function fold(text) {
    return text.replace(/[\u0110\u0111]/g, "d").normalize("NFD")
      .replace(/\p{M}/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  }

  function cellKey(cell, numeric) {
    var value = cell && cell.hasAttribute("data-v") ? cell.getAttribute("data-v")
      : (cell ? cell.textContent : "");
    if (numeric) {
      var n = parseFloat(value);
      return isNaN(n) ? -Infinity : n;
    }
    return fold(value);
  }

  function setUpSorting(table) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.forEach(function (row, i) { row.dataset.order = String(i); });
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, column) {
      var numeric = th.getAttribute("data-type") === "num";
      var button = document.createElement("button");
      button.type = "button";
      button.title = (table.getAttribute("data-sort-by") || "") + " " + th.textContent.trim();
      while (th.firstChild) { button.appendChild(th.firstChild); }
      th.appendChild(button);
      button.addEventListener("click", function () {
        var current = th.getAttribute("aria-sort");
        var descending = current ? current === "ascending" : numeric;
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", descending ? "descending" : "ascending");
        var keyed = Array.prototype.slice.call(body.rows).map(function (row) {
          return [cellKey(row.cells[column], numeric), Number(row.dataset.order), row];
        });
        keyed.sort(function (a, b) {
          var by = a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
          return (descending ? -by : by) || a[1] - b[1];
        });
        keyed.forEach(function (k) { body.appendChild(k[2]); });
      });
    });
  }

  function setUpSearch(form) {
    var table = document.getElementById(form.getAttribute("data-for"));
    if (!table) { return; }
    var input = form.querySelector("input");
    var output = form.querySelector("output");
    var none = table.parentNode.parentNode.querySelector("p.none");
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    /* What a row is found by: its words and ids, not its numbers. */
    var texts = rows.map(function (row) {
      return fold(Array.prototype.filter.call(row.cells, function (cell) {
        return !cell.classList.contains("num");
      }).map(function (cell) { return cell.textContent; }).join(" "));
    });
    function filter() {
      var query = fold(input.value);
      var shown = 0;
      rows.forEach(function (row, i) {
        var hit = !query || texts[i].indexOf(query) >= 0;
        row.hidden = !hit;
        if (hit) { shown += 1; }
      });
      output.textContent = query ? shown + " " + table.getAttribute("data-shown") + " " +
        table.getAttribute("data-of") + " " + rows.length : "";
      if (none) { none.hidden = shown > 0; }
    }
    input.addEventListener("input", filter);
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.hidden = false;
    if (input.value) { filter(); }
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), setUpSorting);
    Array.prototype.forEach.call(document.querySelectorAll("form.search"), setUpSearch);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
