#include "shell/helpdialogs.h"

#include "buildstamp.h"
#include "paths.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QImageReader>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QShortcut>
#include <QTableWidget>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QVBoxLayout>

#include <algorithm>
#include <tuple>

namespace {

// USER_GUIDE.md with its screenshots/ beside it: share/doc/rooflab next to an installed
// resource folder (share/rooflab), docs/ next to the source tree's resources/.
QString userGuidePath()
{
    for (const QString &rel :
         {QStringLiteral("/../doc/rooflab/USER_GUIDE.md"), QStringLiteral("/../docs/USER_GUIDE.md")}) {
        const QString candidate = QDir::cleanPath(model::resourceDir() + rel);
        if (QFileInfo(candidate).isFile())
            return candidate;
    }
    return {};
}

} // namespace

namespace help {

QString aboutText()
{
    const QString git = model::buildGit();
    const QString build = git.isEmpty()
                              ? QCoreApplication::translate("help", "built outside a git checkout")
                              : QCoreApplication::translate("help", "built from commit %1").arg(git);
    return QCoreApplication::translate(
               "help",
               "<h3>RoofLab %1</h3><p>%2, with Qt %3.</p>"
               "<p>Roofline charts, occupancy, GEMM tiles and measured results: first compute how fast "
               "a kernel can be, then measure how fast it is, then explain the gap.</p>"
               "<p>MIT License. Copyright © 2026 The RoofLab contributors. The occupancy arithmetic is "
               "NVIDIA's cuda_occupancy.h (see THIRD_PARTY.md); charts by QCustomPlot (GNU GPL v3).</p>")
        .arg(QCoreApplication::applicationVersion().toHtmlEscaped(), build.toHtmlEscaped(),
             QString::fromLatin1(qVersion()));
}

void showAbout(QWidget *parent)
{
    QMessageBox::about(parent, QCoreApplication::translate("help", "About RoofLab"), aboutText());
}

} // namespace help

GuideDialog::GuideDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("RoofLab user guide"));
    m_browser = new QTextBrowser;
    m_browser->setOpenExternalLinks(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    m_file = userGuidePath();
    QFile f(m_file);
    if (m_file.isEmpty() || !f.open(QIODevice::ReadOnly)) {
        m_browser->setPlainText(tr("The user guide (USER_GUIDE.md) is not installed next to %1.")
                                    .arg(QDir::toNativeSeparators(model::resourceDir())));
        m_file.clear();
        return;
    }
    // Relative links (screenshots/main.png, MODEL.md) resolve beside the guide.
    const QString dir = QFileInfo(m_file).absolutePath();
    m_browser->setSearchPaths({dir});
    m_browser->setMarkdown(QString::fromUtf8(f.readAll()));
    fitImages(dir);
}

// The screenshots are 1920 pixels wide: each is shown at most as wide as the text column, so
// the guide reads without sideways scrolling (the whole picture is one click away in a viewer).
void GuideDialog::fitImages(const QString &dir)
{
    const int widest = 820;
    QTextDocument *doc = m_browser->document();
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it) {
            const QTextFragment frag = it.fragment();
            if (!frag.charFormat().isImageFormat())
                continue;
            QTextImageFormat image = frag.charFormat().toImageFormat();
            const QSize size = QImageReader(dir + QLatin1Char('/') + image.name()).size();
            if (!size.isValid() || size.width() <= widest)
                continue;
            image.setWidth(widest);
            image.setHeight(double(size.height()) * widest / size.width());
            QTextCursor cursor(doc);
            cursor.setPosition(frag.position());
            cursor.setPosition(frag.position() + frag.length(), QTextCursor::KeepAnchor);
            cursor.setCharFormat(image);
        }
}

ShortcutsDialog::ShortcutsDialog(QMainWindow *window, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Keyboard shortcuts"));
    const QList<Row> rows = collect(window);
    m_table = new QTableWidget(int(rows.size()), 3);
    m_table->setHorizontalHeaderLabels({tr("Action"), tr("Keys"), tr("Menu")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    for (int r = 0; r < rows.size(); ++r) {
        m_table->setItem(r, 0, new QTableWidgetItem(rows[r].what));
        m_table->setItem(r, 1, new QTableWidgetItem(rows[r].keys));
        m_table->setItem(r, 2, new QTableWidgetItem(rows[r].where));
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    // Wide enough for the columns, at most the screen's width less a margin.
    int width = m_table->horizontalHeader()->length() + 2 * m_table->frameWidth() + 40;
    resize(std::max(420, width), 440);
}

QList<ShortcutsDialog::Row> ShortcutsDialog::collect(QMainWindow *window)
{
    QList<Row> rows;
    auto keysOf = [](const QList<QKeySequence> &keys) {
        QStringList out;
        for (const QKeySequence &k : keys)
            if (!k.isEmpty())
                out << k.toString(QKeySequence::NativeText);
        return out.join(QStringLiteral(", "));
    };
    // Actions: in menus, tool bars, or added to a widget so a key works with the menus hidden.
    for (const QAction *a : window->findChildren<QAction *>()) {
        const QString keys = keysOf(a->shortcuts());
        if (keys.isEmpty())
            continue;
        QString where;
        for (const QObject *o : a->associatedObjects())
            if (const auto *menu = qobject_cast<const QMenu *>(o)) {
                where = QString(menu->title()).remove(QLatin1Char('&'));
                break;
            }
        // A mnemonic's "&" and a menu's "\t" hint are not part of the name.
        const QString what = a->text().section(QLatin1Char('\t'), 0, 0).remove(QLatin1Char('&'));
        rows.append({what, keys, where});
    }
    // Shortcuts without an action (the lesson player's keys) name what they do in whatsThis.
    for (const QShortcut *s : window->findChildren<QShortcut *>()) {
        const QString keys = keysOf(s->keys());
        if (!keys.isEmpty() && !s->whatsThis().isEmpty())
            rows.append({s->whatsThis(), keys, QString()});
    }
    // Menus in their order on the bar, window-wide keys last; several keys for one thing on one row.
    std::sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
        return std::tuple(a.where.isEmpty(), a.where, a.what, a.keys) <
               std::tuple(b.where.isEmpty(), b.where, b.what, b.keys);
    });
    QList<Row> merged;
    for (const Row &r : std::as_const(rows)) {
        if (!merged.isEmpty() && merged.last().what == r.what && merged.last().where == r.where) {
            if (!merged.last().keys.split(QStringLiteral(", ")).contains(r.keys))
                merged.last().keys += QStringLiteral(", ") + r.keys;
        } else {
            merged.append(r);
        }
    }
    for (Row &r : merged)
        if (r.where.isEmpty())
            r.where = tr("anywhere in the window");
    return merged;
}
