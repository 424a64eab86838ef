#include "lessonexport.h"

#include "lessonplayer.h"
#include "mainwindow.h"
#include "rooflinechart.h"

#include <QCoreApplication>
#include <QDir>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>

#include <algorithm>

namespace {

// Applies each step in turn and puts the one that was open back afterwards, also on early return.
class StepWalk
{
public:
    explicit StepWalk(LessonPlayer *player) : m_player(player), m_step(player->currentStep()) {}
    ~StepWalk()
    {
        if (m_step >= 0)
            m_player->goToStep(m_step);
    }
    void go(int step)
    {
        m_player->goToStep(step);
        QCoreApplication::processEvents(); // lay out the panel a step brings up before it is drawn
    }

private:
    LessonPlayer *m_player;
    int m_step;
};

// Light chart colours and the desk scale for paper, then back to what was on screen.
class PrintLook
{
public:
    explicit PrintLook(RooflineChart *chart) : m_chart(chart), m_theme(chart->theme()), m_scale(chart->presentationScale())
    {
        m_chart->setTheme(ChartTheme::light());
        m_chart->setPresentationScale(1.0);
    }
    ~PrintLook()
    {
        m_chart->setTheme(m_theme);
        m_chart->setPresentationScale(m_scale);
    }

private:
    RooflineChart *m_chart;
    ChartTheme m_theme;
    double m_scale;
};

} // namespace

LessonExporter::LessonExporter(MainWindow *window, LessonPlayer *player) : m_window(window), m_player(player) {}

QImage LessonExporter::stageImage(QSize size, double scale) const
{
    const QString stage = m_player->isOpen() ? m_player->stagePanel() : QStringLiteral("roofline");
    QWidget *panel = stage == QLatin1String("roofline") ? nullptr : m_window->panel(stage);
    if (panel) {
        // A panel is drawn as it is laid out on screen, then fitted into the slide.
        QImage image = panel->grab().toImage();
        if (!image.isNull())
            return image;
    }
    return m_window->chart()->toImage(std::max(200, int(size.width() / scale)), std::max(150, int(size.height() / scale)),
                                      scale);
}

void LessonExporter::paintSlide(QPainter *painter, const QRectF &page, double unit, double imageScale) const
{
    const ChartTheme theme = m_window->chart()->theme();
    painter->fillRect(page, theme.background);
    const double margin = unit * 24;
    QRectF area = page.adjusted(margin, margin, -margin, -margin);

    const QFont font;
    if (m_player->isOpen() && m_player->currentStep() >= 0) {
        QFont small = font;
        small.setPixelSize(std::max(1, int(unit * 17)));
        painter->setFont(small);
        painter->setPen(theme.isDark() ? QColor(170, 170, 170) : QColor(100, 100, 100));
        const QString header = QStringLiteral("%1 · %2").arg(m_player->lessonTitle(), m_player->stepCounter());
        QRectF used;
        painter->drawText(area, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, header, &used);
        area.setTop(used.bottom() + unit * 4);

        QFont title = font;
        title.setPixelSize(std::max(1, int(unit * 34)));
        title.setBold(true);
        painter->setFont(title);
        painter->setPen(theme.text);
        painter->drawText(area, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, m_player->stepTitle(), &used);
        area.setTop(used.bottom() + unit * 10);

        QFont caption = font;
        caption.setPixelSize(std::max(1, int(unit * 23)));
        painter->setFont(caption);
        const QRectF need = painter->boundingRect(area, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, m_player->stepCaption());
        const QRectF captionRect(area.left(), area.bottom() - need.height(), area.width(), need.height());
        painter->drawText(captionRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, m_player->stepCaption());
        area.setBottom(captionRect.top() - unit * 14);

        const QStringList notices = m_player->notices();
        if (!notices.isEmpty()) {
            painter->setFont(small);
            painter->setPen(theme.isDark() ? QColor(245, 176, 65) : QColor(154, 91, 0));
            const QString text = notices.join(QLatin1Char('\n'));
            const QRectF n = painter->boundingRect(area, Qt::AlignLeft | Qt::TextWordWrap, text);
            const QRectF noticeRect(area.left(), area.bottom() - n.height(), area.width(), n.height());
            painter->drawText(noticeRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, text);
            area.setBottom(noticeRect.top() - unit * 8);
        }
    }
    if (area.height() < unit * 100)
        area.setHeight(unit * 100);

    const QImage stage = stageImage(area.size().toSize(), imageScale);
    QSizeF drawn = QSizeF(stage.size()).scaled(area.size(), Qt::KeepAspectRatio);
    const QRectF target(area.left() + (area.width() - drawn.width()) / 2, area.top(), drawn.width(), drawn.height());
    painter->setRenderHint(QPainter::SmoothPixmapTransform);
    painter->drawImage(target, stage);
}

QImage LessonExporter::slide(QSize size) const
{
    QImage image(size, QImage::Format_RGB32);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    paintSlide(&painter, QRectF(QPointF(0, 0), QSizeF(size)), size.width() / 1600.0, 1.0);
    return image;
}

bool LessonExporter::saveSlide(const QString &file, QSize size, QString *error) const
{
    if (slide(size).save(file, "PNG"))
        return true;
    if (error)
        *error = QCoreApplication::translate("LessonExporter", "Could not write %1.").arg(QDir::toNativeSeparators(file));
    return false;
}

QStringList LessonExporter::saveAllSlides(const QString &dir, QSize size, QString *error)
{
    const model::Lesson *lesson = m_player->lesson();
    if (!lesson) {
        if (error)
            *error = QCoreApplication::translate("LessonExporter", "No lesson is open.");
        return {};
    }
    if (!QDir().mkpath(dir)) {
        if (error)
            *error = QCoreApplication::translate("LessonExporter", "Could not create the folder %1.").arg(QDir::toNativeSeparators(dir));
        return {};
    }
    QStringList files;
    StepWalk walk(m_player);
    for (int i = 0; i < lesson->steps.size(); ++i) {
        walk.go(i);
        const QString file = QDir(dir).filePath(QStringLiteral("%1-step-%2.png").arg(lesson->id).arg(i + 1, 2, 10, QLatin1Char('0')));
        if (!saveSlide(file, size, error))
            return {};
        files << file;
    }
    return files;
}

bool LessonExporter::saveHandout(const QString &file, QString *error)
{
    const model::Lesson *lesson = m_player->lesson();
    if (!lesson) {
        if (error)
            *error = QCoreApplication::translate("LessonExporter", "No lesson is open.");
        return false;
    }
    QPdfWriter writer(file);
    writer.setResolution(300);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Landscape, QMarginsF(10, 10, 10, 10),
                                     QPageLayout::Millimeter));
    writer.setTitle(m_player->lessonTitle());
    writer.setCreator(QStringLiteral("RoofLab"));
    QPainter painter;
    if (!painter.begin(&writer)) {
        if (error)
            *error = QCoreApplication::translate("LessonExporter", "Could not write %1.").arg(QDir::toNativeSeparators(file));
        return false;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    PrintLook look(m_window->chart());
    StepWalk walk(m_player);
    const QRectF page(0, 0, writer.width(), writer.height());
    // Laid out like a 1600-pixel slide, drawn at the printer's resolution.
    const double unit = page.width() / 1600.0;
    for (int i = 0; i < lesson->steps.size(); ++i) {
        walk.go(i);
        if (i > 0)
            writer.newPage();
        paintSlide(&painter, page, unit, std::min(2.5, unit));
    }
    painter.end();
    return true;
}
